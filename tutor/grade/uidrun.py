"""A run without namespaces, held apart by a uid of its own (the ``uid``
isolation mode: sandbox.py).

    monitor (root)  -- reads the request, watches the run, replies
      └─ run: drops to the slot's uid with no groups, no capability, no new
              privileges, and the seccomp filter of seccomp.confine_run

Before the monitor replies (which lets the worker take the next request,
whose run holds the same uid), everything the run left is gone: every
process of that uid is killed (``kill_all``: one ``kill(-1)`` from a process
of that uid reaches exactly them) and every file of that uid in a folder
anyone may write is deleted (``clean``). So no later run meets an earlier
one's processes or files.
"""

from __future__ import annotations

import os
import shutil
import signal
import stat

from tutor.grade import jail, seccomp

# Never searched for writable folders: kernel interfaces, not storage.
_SKIP = ("/proc", "/sys")


def shared_dirs(top: str = "/", skip: tuple[str, ...] = ()) -> list[str]:
    """Folders any user may write in (/tmp, /dev/shm, /var/tmp, ...): where
    a run can leave files. Found once per pool, by the grader; ``skip``:
    trees not searched (the interpreter's, whose folders nobody else writes)."""
    found = []
    skip = (*_SKIP, *skip)
    stack = [top]
    while stack:
        path = stack.pop()
        try:
            with os.scandir(path) as entries:
                for entry in entries:
                    if entry.path in skip or not entry.is_dir(follow_symlinks=False):
                        continue
                    try:
                        mode = entry.stat(follow_symlinks=False).st_mode
                    except OSError:
                        continue
                    if mode & stat.S_IWOTH:
                        found.append(entry.path)
                    stack.append(entry.path)
        except OSError:
            continue
    return sorted(found)


def become(uid: int, processes: int) -> None:
    """In the run, before anything of the submission: the uid, and nothing
    to regain; at most ``processes`` processes (counted per uid: this run's)."""
    import resource

    jail.drop_to_uid(uid)
    jail.limit(resource.RLIMIT_NPROC, processes)
    jail.drop_privileges()
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the filter keeps it so: NOTE [children the kernel reaps]
    seccomp.confine_run()


def kill_all(uid: int) -> None:
    """Kill every process that holds ``uid`` (from a child of root that
    takes the uid itself: kill(-1) then reaches exactly that uid's
    processes, and a process with SIGKILL pending cannot fork)."""
    pid = os.fork()
    if pid == 0:
        try:
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
            os.kill(-1, signal.SIGKILL)
        except OSError:
            pass
        os._exit(0)
    while True:
        try:
            os.waitpid(pid, 0)
            return
        except InterruptedError:
            continue
        except ChildProcessError:
            return


def reap_orphans(patience: float = 2.0) -> None:
    """Reap every child left (the monitor is a subreaper: a killed run's
    orphans are its children), waiting at most ``patience`` seconds for the
    last of them to die."""
    import time

    deadline = time.monotonic() + patience
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        except InterruptedError:
            continue
        if pid == 0:
            if time.monotonic() >= deadline:
                return
            time.sleep(0.002)


def clean(uid: int, dirs: list[str]) -> None:
    """Delete what ``uid`` owns in ``dirs`` (and, inside what it owns, all of it)."""
    for folder in dirs:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.stat(follow_symlinks=False).st_uid != uid:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    os.unlink(entry.path)
            except OSError:
                pass
