"""Forking a run or a monitor without Python's after-fork work, where that
is safe (NOTE [a bare fork]). jail.py, the zygote and the monitor fork
through ``fork``."""

from __future__ import annotations

import ctypes
import os
import sys
import threading


# NOTE [a bare fork]: os.fork() runs CPython's own after-fork work in the
# child (the GIL, the runtime's locks and the import lock made again,
# other threads' states dropped) and every callback that modules gave
# os.register_at_fork: threading's, logging's, concurrent.futures', torch's
# (torch.get_num_threads) and random's, which reseeds from os.urandom. In a
# run forked from a warm zygote that work wrote to some 280 pages of the
# zygote's memory, each copied on write: of a fork and an immediate exit,
# 3.1 ms of CPU against 2.0 ms for fork() called straight from libc, the
# child's page faults 380 against 102 (bench/bench_fork.py). None
# of it is needed where the zygote has no other Python thread: every lock
# was free at the fork (only this thread takes them, and it was in the
# fork call, the GIL held), the thread states are this thread's alone, no
# Python signal handler is installed (nothing pending to clear), a run
# seeds random itself (child.run) and sets torch's threads itself
# (child.confine: torch.set_num_threads(1) before any op), and libc still
# runs the C libraries' own pthread_atfork handlers (OpenMP's, torch's).
# So ``fork``, which forks every run (from the zygote, or from its monitor
# where runs get one: the uid mode, no worker namespaces) and every monitor,
# calls libc's fork() with the GIL held where that holds, and os.fork()
# anywhere else: another Python thread alive, another
# interpreter than CPython 3.11 (3.12 and later reinitialise more of the
# runtime after a fork: unverified, so not assumed), no libc to call.
def _libc_fork():
    if sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11) or os.name != "posix":
        return None
    try:
        fork = ctypes.PyDLL(None, use_errno=True).fork  # PyDLL: the GIL stays held through the call
    except (OSError, AttributeError):
        return None
    fork.restype, fork.argtypes = ctypes.c_int, []
    return fork


_LIBC_FORK = _libc_fork()


def use_os_fork() -> None:
    """Fork every run with os.fork() (a benchmark's baseline)."""
    global _LIBC_FORK
    _LIBC_FORK = None


def fork() -> int:
    """os.fork() for a run or a monitor, without Python's after-fork work
    where it is not needed (NOTE [a bare fork])."""
    if _LIBC_FORK is None or threading.active_count() != 1:
        return os.fork()
    pid = _LIBC_FORK()
    if pid < 0:
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno))
    return pid
