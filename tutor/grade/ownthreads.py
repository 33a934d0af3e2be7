"""A run's own threads, counted from its /proc status file, and its end
when a probe process was forked to leave the code's threads behind
(child.enter_probe_phase)."""

from __future__ import annotations

import os

def open_own_status() -> tuple | None:
    """This process's /proc status file, opened before /proc is covered: it
    tells later how many threads the process has (``count``). Only
    this process's own facts are in it. (descriptor, device, inode), which
    the run keeps as a local: a module's state the code could rewrite."""
    try:
        # /proc/self, not /proc/<getpid()>: this /proc belongs to the worker's
        # PID namespace, where the run's own pid (1) is someone else.
        fd = os.open("/proc/self/status", os.O_RDONLY)
        info = os.fstat(fd)
        text = os.pread(fd, 8192, 0).decode("ascii", "replace")
    except OSError:
        return None
    nspid = next((line.split()[1:] for line in text.splitlines() if line.startswith("NSpid:")), [])
    if not nspid or nspid[-1] != str(os.getpid()):
        os.close(fd)  # not this process's file after all: the probes will fork
        return None
    return fd, info.st_dev, info.st_ino


def count(own: tuple | None, _fstat=os.fstat, _pread=os.pread, _int=int, _os_error=OSError,
          _value_error=ValueError, _index_error=IndexError) -> int:
    """Threads of this process now; 0 when that cannot be known for sure
    (the code closed or replaced the status file: then the probes fork).
    After the code: what it calls was taken when the module loaded (round
    38's attacker rebound `os.pread` to read "Threads: 1", and kept a thread
    through the reads)."""
    if own is None:
        return 0
    fd, dev, ino = own
    try:
        info = _fstat(fd)
        if (info.st_dev, info.st_ino) != (dev, ino):
            return 0
        text = _pread(fd, 8192, 0).decode("ascii", "replace")
    except _os_error:
        return 0
    for line in text.splitlines():
        if line.startswith("Threads:"):
            try:
                return _int(line.split()[1])
            except (_index_error, _value_error):
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
