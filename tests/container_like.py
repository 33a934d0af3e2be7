"""Run a command the way a Docker container with the default seccomp
profile runs it: no namespaces (unshare, setns, clone with namespace flags
and mount fail with EPERM; clone3 fails with ENOSYS, so libc falls back to
clone), everything else allowed. As in Gradescope's and PrairieLearn's
graders, where bubblewrap cannot make a sandbox.

    python tests/container_like.py COMMAND [ARG...]

The rules follow moby's profiles/seccomp/default.json: unshare, setns,
mount and clone's CLONE_NEW* flags are allowed only with CAP_SYS_ADMIN,
which a container lacks; clone3 answers ENOSYS.
"""

from __future__ import annotations

import errno
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tutor.grade import seccomp  # noqa: E402


def main() -> None:
    deny = {name: errno.EPERM for name in ("unshare", "setns", "mount", "fsopen", "open_tree")}
    seccomp.install(seccomp.program(deny, deny_clone_flags=seccomp.NAMESPACE_FLAGS, enosys=("clone3",)))
    os.execvp(sys.argv[1], sys.argv[1:])


if __name__ == "__main__":
    main()
