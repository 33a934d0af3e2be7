"""The monitor's view of one run while it runs: its output tail, its
result frame, and the CPU time, memory and processes of its whole PID
namespace (monitor.py decides what to do about them)."""

from __future__ import annotations

import os
import select
import signal
import socket
import time

from tutor.grade import framing
from tutor.grade.protocol import Limits

OUTPUT_TAIL = 8 * 1024
POLL = 0.05  # seconds between looks at a run's memory and processes
DEFAULT_PROCESSES = 64


class RunWatch:
    """The monitor's view of one run: its output, its result and its size."""

    def __init__(self, out_fd: int, result_fd: int, result_w: int, control: socket.socket, limits: Limits) -> None:
        self.out_fd = out_fd
        self.result_fd = result_fd
        self.result_w = result_w
        self.control = control
        self.memory = limits.memory_bytes
        self.processes = limits.processes or DEFAULT_PROCESSES
        self.output_cap = limits.output_bytes
        self.tail = bytearray()
        self.written = 0
        self.truncated = False
        self.buffer = b""
        self.handed_out = False
        self.meddled = False  # something other than the probe process wrote to the control socket
        self.root: int | None = None  # the run's PID 1 as /proc numbers it
        self.baseline = 0
        self.jailed = False
        self.cpu_limit = 0.0
        self.uid: int | None = None  # the uid mode: the run's processes are those of its uid

    def until_done(self, run: "ChildRun | HandedRun", deadline: float, jailed: bool, cpu_limit: float = 0.0,
                   uid: int | None = None):
        self.jailed = jailed
        self.cpu_limit = cpu_limit
        self.uid = uid
        next_look = time.monotonic() + POLL
        fds = [self.out_fd, self.result_fd, self.control.fileno()]
        while True:
            now = time.monotonic()
            if now >= deadline:
                return "timeout", None, None
            ready, _, _ = select.select(fds, [], [], min(deadline - now, POLL))
            if self.out_fd in ready and not self._read_output():
                fds.remove(self.out_fd)
            if self.control.fileno() in ready and not self._answer_control():
                fds.remove(self.control.fileno())
            if self.meddled:
                return "died", None, {"why": "the run wrote to the grader's control socket"}
            if self.result_fd in ready:
                chunk = os.read(self.result_fd, 1 << 20)
                if not chunk:
                    fds.remove(self.result_fd)
                else:
                    self.buffer += chunk
                    if len(self.buffer) > framing.MAX_REPLY:
                        return "died", None, {"why": "the run sent too much data"}
                    verdict = self._result()
                    if verdict is not None:
                        return verdict
            if run.exited():
                # The run is over; its result, if any, is in the pipe already.
                self._drain_result()
                return self._result() or ("died", None, None)
            if (self.jailed or self.uid is not None) and time.monotonic() >= next_look:
                next_look = time.monotonic() + POLL
                problem = self._over_limits(run)
                if problem == "cpu":
                    return "timeout", None, None
                if problem:
                    return "died", None, {"why": problem}

    def _result(self):
        """The run's result once it is complete and well-formed, else None."""
        try:
            found = framing.split_frame(self.buffer, limit=framing.MAX_REPLY)
            if found is None:
                return None
            framing.check_shape(found[0])
        except framing.FrameError as exc:
            return "died", None, {"why": f"the run sent malformed data ({exc})"}
        if not isinstance(found[0], dict):
            return "died", None, {"why": "the run sent malformed data"}
        return "ok", found[0], None

    def _answer_control(self) -> bool:
        """The probe process asks for the result pipe, once, after the code
        has finished; until then no result channel is open in the run.

        The probe process's first and only byte is ``R``: anything else that
        comes first was written by the run's code (a forger spraying every
        descriptor it holds). That ends the run at once: left alone, the
        probe's ``R`` could arrive inside the junk, unseen, and the run waited
        out its whole time limit for a pipe never handed out."""
        try:
            data = self.control.recv(16)
        except OSError:
            return False
        if not data:
            return False
        if not self.handed_out and not data.startswith(b"R"):
            self.meddled = True
            return False
        if not self.handed_out:
            self.handed_out = True
            try:
                socket.send_fds(self.control, [b"F"], [self.result_w])
            except OSError:
                pass
            os.close(self.result_w)
            self.result_w = -1
        return True

    def _read_output(self) -> bool:
        try:
            chunk = os.read(self.out_fd, 1 << 16)
        except OSError:
            return False
        if not chunk:
            return False
        self.written += len(chunk)
        if self.written > self.output_cap:
            self.truncated = True
        self.tail += chunk
        if len(self.tail) > OUTPUT_TAIL:
            del self.tail[: len(self.tail) - OUTPUT_TAIL]
            self.truncated = True
        return True

    def drain_output(self) -> None:
        while True:
            ready, _, _ = select.select([self.out_fd], [], [], 0)
            if not ready or not self._read_output():
                return

    def _drain_result(self) -> None:
        while len(self.buffer) <= framing.MAX_REPLY:
            ready, _, _ = select.select([self.result_fd], [], [], 0)
            if not ready:
                return
            chunk = os.read(self.result_fd, 1 << 20)
            if not chunk:
                return
            self.buffer += chunk

    def output(self) -> str:
        return bytes(self.tail).decode("utf-8", errors="replace")

    def _over_limits(self, run: "ChildRun | HandedRun") -> str:
        """CPU time, memory and processes of the whole run: its PID 1 and
        every process below it. NOTE [the run's processes]: they are found
        by their parents (/proc/N/stat), not by /proc/N/ns/pid: a run is not
        dumpable, and reading its namespace links takes ptrace access to it,
        which the relay and the monitor do not have (their capabilities are
        in a namespace below the one the worker started in), so that read
        failed and no limit of the whole run was ever checked. A process
        cannot leave the tree: an orphan of the run is given to its PID 1.
        In the uid mode (no namespaces; orphans go to the monitor, a
        subreaper) they are every process of the run's uid instead.
        Memory counts the anonymous memory each has beyond what the zygote
        had when it forked the run (``size_before``: a forked process shares
        those pages until it writes them)."""
        if self.root is None:
            try:
                self.root = run.proc_pid()
                self.baseline = run.size_before()
            except (OSError, ValueError):
                return ""
        try:
            entries = os.listdir("/proc")
        except OSError:
            return ""
        children: dict[int, list[int]] = {}
        ticks_of: dict[int, int] = {}
        started: dict[int, int] = {}
        for entry in entries:
            if not entry.isdigit():
                continue
            try:
                ppid, ticks, started[int(entry)] = _parent_and_ticks(int(entry))
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
            ticks_of[int(entry)] = ticks
        if self.root not in ticks_of:
            return ""  # ended: run.exited() says so next
        kids = children.get(self.root, ())  # the probe process (NOTE [a process that exec'd]): PID 1's youngest
        probe = max(kids, key=started.__getitem__) if kids else -1
        if self.uid is not None:  # the uid mode: every process of its uid, orphans and all (uidrun.py)
            stack = [pid for pid in ticks_of if _owner(pid) == self.uid]
            children = {}
        else:
            stack = [self.root]
        count, grown, ticks = 0, 0, 0
        root_size = 0
        while stack:
            pid = stack.pop()
            stack.extend(children.get(pid, ()))
            ticks += ticks_of[pid]
            count += 1
            try:  # NOTE [a process that exec'd]: the zygote's pages are taken off the run's PID 1 alone,
                size = resident(pid)  # and PID 1's off the probe process (a fork of it)
                if pid == self.root:
                    root_size = size
                grown += max(0, size - (self.baseline if pid == self.root else root_size if pid == probe else 0))
            except (OSError, ValueError, IndexError):
                continue
        if self.cpu_limit and ticks / CLOCK_TICKS > self.cpu_limit:
            return "cpu"
        if count > self.processes + 1:  # + the probe process
            return f"the run started more than {self.processes} processes"
        if self.memory and grown > self.memory:
            return f"the run's processes used more than {self.memory >> 20} MiB of memory together"
        return ""

    def close(self) -> None:
        for fd in (self.out_fd, self.result_fd, self.result_w):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.control.close()


def _parent_and_ticks(pid: int) -> tuple[int, int, int]:
    """A process's parent, its CPU time with that of the children it has
    reaped, and when it started (all readable without ptrace access to it)."""
    with open(f"/proc/{pid}/stat", "rb") as f:
        fields = f.read().rsplit(b")", 1)[1].split()
    return int(fields[1]), int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14]), int(fields[19])


def _owner(pid: int) -> int:
    try:
        return os.stat(f"/proc/{pid}").st_uid
    except OSError:
        return -1


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


# NOTE [a process that exec'd]: a process forked from the run shares the
# zygote's anonymous pages until it writes them, and each process counted
# only what it had beyond them. One that called exec shares nothing, and held
# up to the zygote's size uncounted: 40 of 130 MiB each passed under a
# run's 2 GiB (found by a security probe). Telling them apart by the size of
# the address space was faked with an untouched mapping (62 processes held
# 8 GiB; the next probe). So the zygote's pages are taken off the run's PID 1
# alone: a process the code forks counts in full, the pages it shares with
# the run too (some 150 MiB each, where no exercise forks). The probe
# process, forked from PID 1 when threads were left, shares all of PID 1's
# pages, and a run of 1.2 GiB was stopped for it: the youngest child of
# PID 1 counts what it has beyond PID 1 (one process at a time; code gets
# that for one process of its own, at most PID 1's size again). A first
# form stopped the sum once the result pipe was asked for, which code that
# asks for the pipe itself would have used.
def resident(pid: int | str) -> int:
    """A process's anonymous and shared-memory resident bytes (RssAnon and
    RssShmem). Pages of files (torch's code, read again after a fork, which
    copies no page table entries for them) are not the run's to count:
    counted, a run's processes started below the zygote's size and its
    children's growth was hidden by the difference (4 x 700 MiB went
    unnoticed under load, once in six). NOTE [memory the sum did not see]:
    shared memory was left out with them (statm's resident less its shared),
    so four processes each holding 700 MiB of `mmap.mmap(-1, ...)` (shared
    and anonymous) passed under a 2 GiB limit, and 64 could hold 128 GiB
    (found by a security probe); a zygote holds none."""
    with open(f"/proc/{pid}/status", "rb") as f:
        text = f.read()
    if b"RssAnon:" not in text:
        # NOTE [a leader that exited]: a process whose main thread called the bare exit(2) while its
        # other threads ran on shows no memory of its own, and 6 x 1.8 GiB held that way passed the sum
        # (found by a security probe): a live thread's status shows the memory they share.
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{tid}/status", "rb") as f:
                    text = f.read()
            except OSError:
                continue
            if b"RssAnon:" in text:
                break
        else:
            return 0
    return _resident_of(text, pid)


def _resident_of(text: bytes, pid: int | str) -> int:
    total = 0
    for key in (b"RssAnon:", b"RssShmem:"):
        at = text.find(key)
        if at < 0:
            raise ValueError(f"no {key.decode()} in /proc/{pid}/status")
        total += int(text[at + len(key):text.index(b"kB", at)])
    return total << 10


class ChildRun:
    """A run this process forked (a monitor's): it reaps it."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def exited(self) -> bool:
        return exited(self.pid)

    def proc_pid(self) -> int:
        return self.pid

    def size_before(self) -> int:
        """Anonymous resident bytes the run had before its code
        (``resident``): the zygote's (the monitor's parent), which it was
        forked from just now."""
        return resident(os.getppid())


class HandedRun:
    """A run the zygote forked and handed to the relay (NOTE [one fork per
    run]): the relay watches it through a pidfd, and the zygote, its parent,
    reaps it and sends its exit status (relay.Mailbox)."""

    def __init__(self, pid: int, pidfd: int, size_before: int = 0) -> None:
        self.pid = pid  # in the zygote's PID namespace
        self.pidfd = pidfd
        self._proc_pid = 0
        self._size_before = size_before

    def exited(self) -> bool:
        return bool(select.select([self.pidfd], [], [], 0)[0])

    def proc_pid(self) -> int:
        """The run's pid as /proc shows it: /proc is the sandbox's, mounted
        for the PID namespace above the zygote's, where the run's number
        is another (pidfd fdinfo speaks the /proc mount's namespace)."""
        if not self._proc_pid:
            self._proc_pid = _fdinfo_pid(self.pidfd)
        return self._proc_pid

    def size_before(self) -> int:
        """The zygote's anonymous resident bytes (``resident``) when it
        forked the run, which it sent with the run: what the run's processes
        have without having grown (a fork copies the page table entries of
        anonymous memory). The zygote's size now is not it, as it may have
        warmed up since (NOTE [warm on need]), which would undercount a run."""
        return self._size_before

    def kill(self) -> None:
        try:
            signal.pidfd_send_signal(self.pidfd, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass


def _fdinfo_pid(pidfd: int) -> int:
    with open(f"/proc/self/fdinfo/{pidfd}", "rb") as f:
        for line in f:
            if line.startswith(b"Pid:"):
                return int(line.split()[1])
    raise OSError("no Pid in the pidfd's fdinfo")


REAPED: dict[int, int] = {}  # where os.waitid is missing (macOS): statuses of reaped runs


def exited(pid: int) -> bool:
    """Has the child ``pid`` ended? (Without reaping it, where the platform
    allows: its exit status is read later.)"""
    if pid in REAPED:
        return True
    try:
        if hasattr(os, "waitid"):
            return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        done, status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    if done:
        REAPED[pid] = status
    return bool(done)
