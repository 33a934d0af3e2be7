"""A monitor: forked by the zygote, it runs one request and replies once.

It reads its one request itself (the zygote never holds request data),
makes the run's namespaces and forks the run as their PID 1 (jail.py,
child.py), watches it (CPU and wall clock, memory and processes of the
whole run, output), hands it the result pipe only once its code has
finished, writes one reply frame (protocol.reply_frame), and exits.
"""

from __future__ import annotations

import dataclasses
import os
import resource
import select
import signal
import socket
import struct
import time

from tutor.grade import framing, jail
from tutor.grade.protocol import ExitRecord, Limits, ProtocolError, RunRequest, reply_frame

OUTPUT_TAIL = 8 * 1024
MAX_REQUEST = 64 << 20
POLL = 0.05  # seconds between looks at a run's memory and processes
SHUTDOWN_EXIT = 3
DEFAULT_PROCESSES = 64
# A jailed run's time limit is CPU time; its wall clock may run this much
# longer (a busy machine), for code that sleeps or waits.
WALL_FACTOR = 2
WALL_SLACK = 3.0


class Host:
    """What the zygote found out about where it runs, once, at start."""

    jail_works = False  # can a run get namespaces of its own here
    sandboxed = False  # inside bubblewrap (no network to hide from a run)




# What a monitor tells its zygote (monitor pid attached): one atomic pipe write each.
TAKEN, REPLIED, CLOSED = b"t", b"r", b"x"
_SAID = struct.Struct(">cI")


def say(fd: int, what: bytes) -> None:
    os.write(fd, _SAID.pack(what, os.getpid()))


def read_said(fd: int) -> list[tuple[bytes, int]]:
    """The messages waiting on the zygote's end (whole ones: each was one write)."""
    data = os.read(fd, _SAID.size * 64)
    return [_SAID.unpack_from(data, i) for i in range(0, len(data) - len(data) % _SAID.size, _SAID.size)]


def monitor_main(outbox_fd: int, said_fd: int) -> int:
    """Read one request, run it, write one reply. Returns the exit code."""
    inbox = os.fdopen(0, "rb", buffering=0, closefd=False)
    try:
        frame = framing.read_frame(inbox, limit=MAX_REQUEST)
    except framing.FrameError:
        frame = None  # the grader closed the stream
    if not isinstance(frame, dict) or frame.get("op") == "shutdown":
        say(said_fd, CLOSED)
        return SHUTDOWN_EXIT
    os.close(0)
    say(said_fd, TAKEN)
    try:
        request = RunRequest.from_wire(frame)
    except ProtocolError as exc:  # the grader's own mistake: one reply that says so
        framing.write_all(outbox_fd, framing.encode(reply_frame("died", None, ExitRecord(why=str(exc)), "",
                                                                False, 0.0, False, frame.get("id"))))
        say(said_fd, REPLIED)
        return 0
    # Decoding what a run sends back happens here; a frame built to expand
    # on decoding runs into this limit, not into the machine's memory.
    jail.limit(resource.RLIMIT_AS, jail.address_space() + (2 << 30))
    run_isolated(request, outbox_fd, replied=lambda: say(said_fd, REPLIED))
    return 0


def run_isolated(request: RunRequest, outbox_fd: int, replied=lambda: None) -> None:
    """Start the run (as PID 1 of new namespaces, when it can), watch it,
    write its reply frame, and only then reap it."""
    timeout = request.timeout
    jailed = request.jail and Host.jail_works
    workdir = None
    if not jailed:  # a plain child process: a private folder, removed afterwards
        import tempfile

        workdir = tempfile.mkdtemp(prefix="agt-run-")
        request = dataclasses.replace(request, workdir=workdir)
    out_r, out_w = os.pipe()
    result_r, result_w = os.pipe()
    control, run_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    started = time.monotonic()
    status, payload, exit_info, run = "died", None, None, None
    try:
        if jailed:
            # Our next child is PID 1 of a new PID namespace; the bubblewrap
            # sandbox already has no network, so a network namespace per run
            # is needed only without it.
            jail.unshare_all(network=not Host.sandboxed)
        monitor = os.getpid()
        run = os.fork()
    except BaseException as exc:  # noqa: BLE001  (a run that cannot start is a verdict)
        exit_info = {"why": f"the run could not be started in its sandbox ({exc})"}
    if run == 0:
        jail.die_with_parent(None if jailed else monitor)
        for fd in (out_r, result_r, result_w, control.fileno()):
            os.close(fd)
        from tutor.grade.child import child_main

        child_main(request, out_w, run_end.fileno(), jailed)
    os.close(out_w)
    run_end.close()
    watch = _Watch(out_r, result_r, result_w, control, request.limits)
    if run is not None:
        # Jailed, the limit is CPU time of the whole run (a fork bomb next
        # door slows an honest run down without using up its limit), with a
        # wall-clock bound for code that sleeps; otherwise wall clock.
        wall = started + (timeout * WALL_FACTOR + WALL_SLACK if jailed else timeout)
        status, payload, exit_info = watch.until_done(run, wall, jailed, cpu_limit=timeout)
        _kill_run(run, jailed)
    watch.drain_output()
    if status == "died" and exit_info is None and run is not None:
        exit_info = _exit_info(run)
        if jailed and exit_info.get("signal") == signal.SIGKILL:
            # NOTE [whose kill]: the run is PID 1 of its own PID namespace, and
            # the kernel drops SIGKILL sent to a namespace's init from inside
            # it (pid_namespaces(7)); this monitor did not send one either (it
            # kills only after until_done has returned). So someone outside
            # did: an OOM killer, an operator. That is the grader's fault,
            # and the pool runs it again.
            status, exit_info = "lost", {"why": "the run was killed from outside its sandbox (SIGKILL)"}
    reply = reply_frame(status, payload, ExitRecord(**(exit_info or {})), watch.output(), watch.truncated,
                        time.monotonic() - started, jailed, request.id)
    framing.write_all(outbox_fd, framing.encode(reply))
    replied()
    # After the reply: nothing of the run can be running, but waiting for
    # the kernel to tear its namespaces down need not delay the grader.
    if run is not None:
        _reap(run)
    watch.close()
    if workdir:
        import shutil

        shutil.rmtree(workdir, ignore_errors=True)


def _exit_info(pid: int) -> dict:
    if pid in _reaped or not hasattr(os, "waitid"):
        status = _reaped.get(pid)
        if status is None:
            try:
                _, status = os.waitpid(pid, 0)
            except ChildProcessError:
                return {"why": "gone"}
            _reaped[pid] = status
        if os.WIFSIGNALED(status):
            return {"signal": os.WTERMSIG(status)}
        return {"code": os.WEXITSTATUS(status)}
    try:
        result = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    except ChildProcessError:
        return {"why": "gone"}
    if result is None:
        return {"why": "gone"}
    if result.si_code in (os.CLD_KILLED, os.CLD_DUMPED):
        return {"signal": result.si_status}
    return {"code": result.si_status}


def _reap(pid: int) -> None:
    if pid in _reaped:
        return
    try:
        _wait(pid)
    except ChildProcessError:
        pass


def _kill_run(pid: int, jailed: bool) -> None:
    """PID 1 of the run's namespace: killing it kills every process in it."""
    for target in ((pid,) if jailed else (-pid, pid)):
        try:
            os.kill(target, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


class _Watch:
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
        self.namespace: str | None = None
        self.baseline = 0
        self.jailed = False
        self.cpu_limit = 0.0

    def until_done(self, run: int, deadline: float, jailed: bool, cpu_limit: float = 0.0):
        self.jailed = jailed
        self.cpu_limit = cpu_limit
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
            if _exited(run):
                # The run is over; its result, if any, is in the pipe already.
                self._drain_result()
                return self._result() or ("died", None, None)
            if self.jailed and time.monotonic() >= next_look:
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
        has finished; until then no result channel is open in the run."""
        try:
            data = self.control.recv(16)
        except OSError:
            return False
        if not data:
            return False
        if not self.handed_out and data.startswith(b"R"):
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

    def _over_limits(self, run: int) -> str:
        """Memory and processes of the whole run: every process in its PID
        namespace. Memory counts what each has beyond the worker's own
        resident size (a forked process shares the worker's pages until it
        writes them)."""
        if self.namespace is None:
            try:
                self.namespace = os.readlink(f"/proc/{run}/ns/pid")
                self.baseline = _resident(os.getppid())
            except OSError:
                return ""
        count, grown, ticks = 0, 0, 0
        try:
            entries = os.listdir("/proc")
        except OSError:
            return ""
        for entry in entries:
            if not entry.isdigit():
                continue
            try:
                if os.readlink(f"/proc/{entry}/ns/pid") != self.namespace:
                    continue
                grown += max(0, _resident(int(entry)) - self.baseline)
                ticks += _cpu_ticks(int(entry))
            except (OSError, ValueError, IndexError):
                continue
            count += 1
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


def _cpu_ticks(pid: int) -> int:
    """CPU time of a process and of its children that it has reaped."""
    with open(f"/proc/{pid}/stat", "rb") as f:
        fields = f.read().rsplit(b")", 1)[1].split()
    return int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _resident(pid: int) -> int:
    with open(f"/proc/{pid}/statm", "rb") as f:
        return int(f.read().split()[1]) * PAGE


PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


_reaped: dict[int, int] = {}  # where os.waitid is missing (macOS): statuses of reaped runs


def _exited(pid: int) -> bool:
    """Has the child ``pid`` ended? (Without reaping it, where the platform
    allows: its exit status is read later.)"""
    if pid in _reaped:
        return True
    try:
        if hasattr(os, "waitid"):
            return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        done, status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    if done:
        _reaped[pid] = status
    return bool(done)



def _wait(pid: int):
    while True:
        try:
            return os.waitpid(pid, 0)
        except InterruptedError:
            continue
