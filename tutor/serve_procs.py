"""The processes behind a browser session, found and ended for certain.

A session of ``autograd-tutor serve`` is the app process, its kernel and,
after the first check, the grader's worker. The kernel and the worker each
start a session of their own (so a Ctrl-C reaches only whom it should), so a
process group does not hold them: on Linux this module walks ``/proc`` by
parent pid instead, and knows a process by (pid, start time) so that a pid
the system has handed to somebody else since is never signalled.

The server is also made a *child subreaper*: a process whose parent died
(a kernel whose app was killed) is re-parented to the server rather than to
init, so the server can still find it, end it and reap it.

Elsewhere (macOS) only the app's own process group is signalled; the kernel
and the worker leave by themselves when their input pipe closes.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
PARENT_ENV = "AUTOGRAD_TUTOR_SERVE_PARENT"  # set for the app: the server's pid


@dataclass(frozen=True)
class Proc:
    pid: int
    ppid: int
    start: int  # clock ticks since boot: with the pid, who this is

    def alive(self) -> bool:
        now = _stat(self.pid)
        return now is not None and now.start == self.start and not _zombie(self.pid)


def linux() -> bool:
    return sys.platform.startswith("linux") and PROC.is_dir()


def _stat(pid: int) -> Proc | None:
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except (OSError, ValueError):
        return None
    # "pid (comm) state ppid ..." where comm may hold spaces and parentheses
    rest = text[text.rfind(")") + 2:].split()
    try:
        return Proc(pid, int(rest[1]), int(rest[19]))
    except (IndexError, ValueError):
        return None


def _zombie(pid: int) -> bool:
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return False
    return text[text.rfind(")") + 2:][:1] in ("Z", "X")


def table() -> dict[int, Proc]:
    """Every process now, by pid (Linux)."""
    out = {}
    for entry in PROC.iterdir() if linux() else ():
        if entry.name.isdigit():
            proc = _stat(int(entry.name))
            if proc is not None:
                out[proc.pid] = proc
    return out


def tree(root: int, procs: dict[int, Proc] | None = None) -> list[Proc]:
    """``root`` and everything below it, parents first."""
    procs = table() if procs is None else procs
    children: dict[int, list[Proc]] = {}
    for proc in procs.values():
        children.setdefault(proc.ppid, []).append(proc)
    out, todo = [], [root]
    while todo:
        pid = todo.pop(0)
        if pid in procs:
            out.append(procs[pid])
        todo.extend(p.pid for p in children.get(pid, ()))
    return out


def kill(procs: list[Proc]) -> None:
    """SIGKILL each of ``procs`` that is still the process it was."""
    for proc in procs:
        if proc.alive():
            try:
                os.kill(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def kill_group(pid: int) -> None:
    """Where /proc is missing: the process group the app leads."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def orphans(keep: set[int]) -> list[Proc]:
    """Children of this (subreaper) process that it did not start itself,
    with everything below them: what is left of ended sessions."""
    procs = table()
    me = os.getpid()
    out: list[Proc] = []
    for proc in procs.values():
        if proc.ppid == me and proc.pid not in keep:
            out.extend(tree(proc.pid, procs))
    return out


def reap(pids: list[int], timeout: float = 2.0) -> None:
    """Collect the exit status of adopted orphans, so that none stays a zombie.
    Only pids this process adopted: asyncio waits for the apps it started."""
    deadline = time.monotonic() + timeout
    pending = set(pids)
    while pending:
        for pid in list(pending):
            try:
                done, _status = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pending.discard(pid)  # not (or no longer) our child
                continue
            if done:
                pending.discard(pid)
        if not pending or time.monotonic() > deadline:
            return
        time.sleep(0.05)


def become_subreaper() -> bool:
    """Adopt the orphans of this process's descendants (Linux >= 3.4)."""
    return _prctl(PR_SET_CHILD_SUBREAPER, 1)


def die_with_parent() -> None:
    """In the app under ``serve``: get SIGTERM when the server dies, even by
    SIGKILL (the web driver turns SIGTERM into an orderly quit, which shuts
    the kernel down). If the server is already gone, leave now."""
    parent = os.environ.pop(PARENT_ENV, "")
    if not parent.isdigit():
        return
    _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != int(parent):
        raise SystemExit(0)


def _prctl(option: int, value: int) -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False
