"""A run's own threads, counted from its /proc status file, and its end
when a probe process was forked to leave the code's threads behind
(child.enter_probe_phase)."""

from __future__ import annotations

import os

_STATUS = [-1, 0, 0]  # the status file: descriptor, device, inode


def open_own_status() -> int:
    """This process's /proc status file, opened before /proc is covered: it
    tells later how many threads the process has (``count``). Only
    this process's own facts are in it."""
    try:
        # /proc/self, not /proc/<getpid()>: this /proc belongs to the worker's
        # PID namespace, where the run's own pid (1) is someone else.
        fd = os.open("/proc/self/status", os.O_RDONLY)
        info = os.fstat(fd)
        text = os.pread(fd, 8192, 0).decode("ascii", "replace")
    except OSError:
        return -1
    nspid = next((line.split()[1:] for line in text.splitlines() if line.startswith("NSpid:")), [])
    if not nspid or nspid[-1] != str(os.getpid()):
        os.close(fd)  # not this process's file after all: the probes will fork
        return -1
    _STATUS[:] = [fd, info.st_dev, info.st_ino]
    return fd


def count() -> int:
    """Threads of this process now; 0 when that cannot be known for sure
    (the code closed or replaced the status file: then the probes fork)."""
    fd, dev, ino = _STATUS
    try:
        info = os.fstat(fd)
        if (info.st_dev, info.st_ino) != (dev, ino):
            return 0
        text = os.pread(fd, 8192, 0).decode("ascii", "replace")
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith("Threads:"):
            try:
                return int(line.split()[1])
            except (IndexError, ValueError):
                return 0
    return 0


def end_with(pid: int) -> None:
    """The run waits for its probe process and ends as it ended."""
    while True:
        try:
            _, status = os.waitpid(pid, 0)
            break
        except InterruptedError:
            continue
        except ChildProcessError:
            os._exit(70)
    code = os.waitstatus_to_exitcode(status)
    os._exit(code if code >= 0 else 128 - code)
