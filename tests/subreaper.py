"""Run a command as the child of a subreaper, then say what outlived it.

    python tests/subreaper.py LEFT.json -- COMMAND ARGS...

This process marks itself a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``,
no privilege needed), so every process the command starts that outlives its
parent is reparented here, not to init: what is still alive below this
process after the command exited is exactly what the command left behind,
whatever other processes run on the machine (a test that counted grading
processes machine-wide had to run alone). It waits up to ``AGT_LEFT_WAIT``
seconds (default 10) for them to go, reaping them, then writes
``[[pid, name, argv], ...]`` of those still alive to LEFT.json, and exits
as the command did (killed by a signal: by the same signal). SIGTERM and
SIGINT are passed on to the command.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import descendants  # noqa: E402  (light: os, subprocess, sys, pathlib)

PR_SET_CHILD_SUBREAPER = 36


def _describe(pid: int) -> list:
    try:
        with open(f"/proc/{pid}/comm") as f:
            name = f.read().strip()
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        name, argv = "?", ""
    return [pid, name, argv]


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def main() -> None:
    left_path, sep, *command = sys.argv[1:]
    assert sep == "--" and command, __doc__
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit(f"subreaper: prctl failed: {os.strerror(ctypes.get_errno())}")
    proc = subprocess.Popen(command)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda s, _frame: proc.send_signal(s))
    code = proc.wait()
    deadline = time.monotonic() + float(os.environ.get("AGT_LEFT_WAIT", "10"))
    while True:
        _reap()
        left = descendants(os.getpid())
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    with open(left_path, "w") as f:
        json.dump([_describe(pid) for pid in left], f)
    if code < 0:
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    sys.exit(code)


if __name__ == "__main__":
    main()
