"""Where grading workers run: the outer sandbox (bubblewrap), chosen and
described by the grader process. Torch-free.

A worker is a warm fork server (tutor/grade/worker.py). It runs inside
bubblewrap with a minimal filesystem: the interpreter, its site-packages and
the `tutor` package, read-only; an empty /tmp; its own PID, IPC, network and
UTS namespaces; no capabilities; a cleared environment. The pack, the
submissions, the reports and the grader's own environment and command line
are simply not there. Each run the worker forks then adds namespaces of its
own (tutor/grade/jail.py), so runs cannot see the worker or each other.

As root, bubblewrap runs in its privileged mode and the worker drops, before
it reads anything, to a uid of its own (one per pool slot), so that no run
holds root's identity and the kernel's per-uid process limit applies. As a
normal user bubblewrap makes an unprivileged user namespace.

Modes, recorded in every report:
- ``bwrap``: the above.
- ``uid``: no namespaces can be made (a Docker container's default seccomp
  profile refuses them: Gradescope, PrairieLearn), but the grader is root.
  Workers run outside any sandbox; each run drops to a uid of its own with
  no groups, gives up sockets other than AF_UNIX and IPC that outlives it
  (seccomp.py), keeps its limits, and everything of that uid is killed and
  deleted before its reply is sent. The secrets lose their "other"
  permission bits while the grade runs (guard.py). docs/grading.md,
  "Graders in containers", says what this does not cover.
- ``none``: no sandbox could be made (no bubblewrap, or user namespaces are
  off, and not root). ``grade`` refuses to run untrusted code in this mode
  unless told ``--no-sandbox``; a learner's own ``check`` runs anyway (it
  is their code).
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

# Directories of the host a worker may read: system libraries and programs.
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# Files of /etc that the dynamic loader and time functions read; nothing else
# of /etc (passwd, shadow, hosts, CI configuration) is visible.
ETC_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime")
ETC_DIRS = ("/etc/ld.so.conf.d",)
WORKER_ENV = {
    "PATH": "/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "HOME": "/tmp",
    "TMPDIR": "/tmp",
    "USER": "learner",
    "LOGNAME": "learner",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
}


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


_PROBED: list[tuple[str, str]] = []  # the answer, once it is sure
PROBE_TIMEOUTS = (20.0, 120.0)  # seconds: the first try, and the one after a try ran out of time


def probe() -> tuple[str, str]:
    """(mode, reason): ``("bwrap", "")`` when a worker sandbox can be made
    here, else ``("none", why)``. Tried once per process (about 10 ms).

    A probe that only ran out of time (a machine so loaded that Python did
    not start in bubblewrap within 20 s) is tried once more with longer,
    and not remembered: remembered, it put every later grader of the
    process in a weaker mode for good."""
    if _PROBED:
        return _PROBED[0]
    for timeout in PROBE_TIMEOUTS:
        answer, sure = _probe_once(timeout)
        if sure:
            break
    if sure:
        _PROBED.append(answer)
    return answer


def _probe_once(timeout: float) -> tuple[tuple[str, str], bool]:
    """((mode, reason), whether the answer is sure)."""
    if not sys.platform.startswith("linux"):
        return ("none", f"sandboxing needs Linux namespaces; this is {sys.platform}"), True
    exe = bwrap_path()
    if exe is None:
        return ("none", "bubblewrap (bwrap) is not installed; on Debian/Ubuntu: apt-get install bubblewrap"), True
    argv = command([sys.executable, "-c", "pass"])
    try:
        done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        return ("none", f"bubblewrap could not start: {exc}"), False
    except OSError as exc:
        return ("none", f"bubblewrap could not start: {exc}"), True
    if done.returncode != 0:
        why = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return ("none", "bubblewrap could not make a sandbox" + (f": {why[-1]}" if why else "") +
                " (are unprivileged user namespaces disabled?)"), True
    return ("bwrap", ""), True


def probe_uid(uid: int) -> tuple[str, str]:
    """(mode, reason): ``("uid", "")`` when runs can hold a uid of their own
    here (root, a uid the kernel accepts, the interpreter's and the tutor's
    files readable by it, seccomp available), else ``("none", why)``."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return "none", "a uid of its own for each run needs the grader to run as root"
    files = [str(Path(root)) for root in _readable_roots()]
    read_r, read_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child tries what a run will do, and says what failed
        os.close(read_r)
        why = ""
        try:
            from tutor.grade import jail, seccomp

            jail.drop_to_uid(uid)
            for root in files:
                os.listdir(root)
            seccomp.confine_run()
        except BaseException as exc:  # noqa: BLE001  (reported, not raised)
            why = f"{type(exc).__name__}: {exc}"
        os.write(read_w, why.encode("utf-8", "replace")[:2000])
        os._exit(0)
    os.close(read_w)
    with os.fdopen(read_r, "rb") as f:
        why = f.read().decode("utf-8", "replace")
    os.waitpid(pid, 0)
    if why:
        return "none", f"a run could not hold a uid of its own here ({why}); the interpreter, torch and the " \
                       "tutor must be installed where every user can read them"
    return "uid", ""


def builtin_pack_dir() -> str:
    """The built-in pack, inside the `tutor` package: never a run's to read."""
    import tutor

    return str(Path(tutor.__file__).resolve().parent / "_builtin")


def installed_pack_copies() -> list[str]:
    """Copies of the built-in pack in the import path that the import does not use: an editable install
    (hatchling's, `pip install -e .`) puts the wheel's `tutor/_builtin/` into site-packages, beside a
    `.pth` that imports the checkout; that copy, reference solutions included, sat in the venv every
    run reads (found by a security probe: a submission ran the references for full marks)."""
    found = []
    for entry in sys.path:
        copy = Path(entry or ".", "tutor", "_builtin")
        if copy.is_dir():
            found.append(str(copy.resolve()))
    return found


def always_hidden() -> list[str]:
    """What no run may read whatever the grade's own secrets: the built-in
    pack (and any installed copy of it), and the tutor's cache (validated
    packs, reference solutions included: tutor/pack/cache.py), wherever
    AUTOGRAD_TUTOR_CACHE puts it."""
    from tutor.paths import cache_dir

    packs = [builtin_pack_dir(), *installed_pack_copies()]
    return list(dict.fromkeys(packs)) + [str(Path(cache_dir()).resolve())]


def readable_roots() -> list[str]:
    """What runs must be able to read (the ``uid`` mode's guard keeps these open)."""
    return _readable_roots()


def _readable_roots() -> list[str]:
    """The interpreter, its libraries and the `tutor` package: what a worker
    needs to start Python and import torch, and nothing of the project or
    course around them."""
    roots = {sys.base_prefix, sys.base_exec_prefix, sys.prefix, sys.exec_prefix}
    # Where torch and friends are installed, when outside the prefixes (a user
    # site or a PYTHONPATH entry).
    for module_name in ("torch", "numpy"):
        module = sys.modules.get(module_name)
        location = getattr(module, "__file__", None) if module else None
        if location is None:
            try:
                import importlib.util

                spec = importlib.util.find_spec(module_name)
                location = spec.origin if spec else None
            except (ImportError, ValueError):
                location = None
        if location:
            roots.add(str(Path(location).resolve().parent.parent))
    import tutor

    roots.add(str(Path(tutor.__file__).resolve().parent))
    try:
        user_site = site.getusersitepackages()
        if user_site in sys.path and os.path.isdir(user_site):
            roots.add(user_site)
    except AttributeError:
        pass
    real = sorted({str(Path(r).resolve()) for r in roots if r and os.path.isdir(r)})
    # Drop a root that lies inside another.
    return [r for r in real if not any(r != other and r.startswith(other.rstrip("/") + "/") for other in real)]


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


def command(argv: list[str], secrets: tuple[str, ...] = (), device: str = "cpu") -> list[str]:
    """The bubblewrap command line that runs ``argv`` in a worker sandbox.
    ``secrets`` are host paths that must stay invisible even when they lie
    inside a directory the worker reads (a pack installed in site-packages, a
    class folder inside a virtual environment): each is covered with an empty
    directory."""
    exe = bwrap_path() or "bwrap"
    # No --die-with-parent: it fires when the *thread* that started bwrap
    # ends (pools start workers from short-lived threads). A worker ends
    # instead when its input closes, which happens when the grader exits.
    out = [exe, "--new-session", "--clearenv",
           "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
           "--hostname", "sandbox", "--cap-drop", "ALL"]
    if os.geteuid() == 0:
        # Privileged mode: the worker drops to a uid of its own, first thing
        # (worker.py --uid); these two capabilities are what that needs.
        out += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        out += ["--unshare-user"]
    if os.environ.get("AGT_DEBUG_RUNS"):  # a developer's switch: tracebacks of the tool's own failures
        out += ["--setenv", "AGT_DEBUG_RUNS", "1"]
    for key, value in WORKER_ENV.items():
        out += ["--setenv", key, value]
    made: set[str] = {"/"}
    binds: list[str] = []

    def parents(path: str) -> None:
        parts = Path(path).parts[1:-1]
        current = ""
        for part in parts:
            current += "/" + part
            if current in made or any(_inside(current, b) for b in binds):
                continue
            out.extend(["--perms", "0755", "--dir", current])
            made.add(current)

    for path in SYSTEM_DIRS:
        if os.path.islink(path):
            out += ["--symlink", os.readlink(path), path]
            made.add(path)
        elif os.path.isdir(path):
            out += ["--ro-bind", path, path]
            binds.append(path)
    for path in ETC_FILES + ETC_DIRS:
        if os.path.exists(path):
            parents(path)
            out += ["--ro-bind", path, path]
    roots = _readable_roots()
    if any(_inside(root, "/tmp") for root in roots):
        # A virtual environment under /tmp: the worker's /tmp first, then
        # the binds into it (the other way round it would hide them).
        out += ["--perms", "1777", "--tmpfs", "/tmp"]
        made.add("/tmp")
    for root in roots:
        if any(_inside(root, b) for b in binds):
            continue
        parents(root)
        out += ["--ro-bind", root, root]
        binds.append(root)
    # The built-in pack ships inside the wheel, next to the code; the cache
    # may be placed inside a folder runs read (a venv).
    hidden = always_hidden()
    hidden += [str(Path(s).resolve()) for s in secrets if s]
    covers = []
    for path in hidden:
        if os.path.isdir(path) and any(_inside(path, b) for b in binds):
            out += ["--tmpfs", path]
            covers.append(path)
        elif os.path.isfile(path) and any(_inside(path, b) for b in binds):
            out += ["--ro-bind", "/dev/null", path]
    # NOTE [a root of the worker's]: no pseudo-terminals (/dev/ptmx leads
    # into /dev/pts, covered here).
    out += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/dev/pts"]
    covers.append("/dev/pts")
    if "/tmp" not in made:
        out += ["--perms", "1777", "--tmpfs", "/tmp"]
    out += ["--chdir", "/tmp"]
    if device.startswith("cuda"):
        for node in sorted(Path("/dev").glob("nvidia*")):
            out += ["--dev-bind", str(node), str(node)]
        if os.path.isdir("/sys"):
            out += ["--ro-bind", "/sys", "/sys"]
    # NOTE [a root of the worker's]: the root bubblewrap builds (a tmpfs,
    # with the folders it makes for the binds) and the tmpfs covers are the
    # worker's own for its whole life, and a normal user's runs could write
    # them (their uid owns them): one student's files in /etc reached the next
    # student's run, and 16 files of 63 MiB held 1 GiB per worker, counted
    # nowhere, until the grade ended; under a runner's memory limit that got
    # a classmate's run killed and the grade exit 3 (found by a security
    # probe). Read-only once built: the worker and its runs write /tmp alone.
    for path in ["/", *covers]:
        out += ["--remount-ro", path]
    return out + ["--"] + list(argv)
