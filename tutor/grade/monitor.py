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
import signal
import socket
import struct
import time

from tutor.grade import barefork, framing, jail
from tutor.grade.protocol import ExitRecord, ProtocolError, RunRequest, reply_frame, too_big
from tutor.grade.runwatch import REAPED, ChildRun, HandedRun, RunWatch

MAX_REQUEST = 64 << 20
SHUTDOWN_EXIT = 3
# A jailed run's time limit is CPU time; its wall clock may run this much
# longer (a busy machine), for code that sleeps or waits.
WALL_FACTOR = 2
WALL_SLACK = 3.0


class Host:
    """What the zygote found out about where it runs, once, at start."""

    jail_works = False  # can a run get namespaces of its own here
    sandboxed = False  # inside bubblewrap (no network to hide from a run)
    run_uid: int | None = None  # the uid mode (uidrun.py): the uid each run drops to
    shared_dirs: list = []  # folders anyone may write in: cleaned of run_uid's files after each run
    # NOTE [forked ahead]: off by default. tests/support.run_processes
    # models a worker as "one monitor waiting; anything below it belongs to
    # a run", and a run forked ahead sits below the waiting monitor; until
    # that model knows it, AGT_PREFORK=1 (worker.py --prefork) turns it on.
    prefork = False




# What a monitor tells its zygote (monitor pid attached): one atomic pipe write each.
TAKEN, REPLIED, CLOSED, COLD, COMPILED = b"t", b"r", b"x", b"c", b"C"  # COMPILED: NOTE [compile warmed on need]
_SAID = struct.Struct(">cI")


def say(fd: int, what: bytes) -> None:
    os.write(fd, _SAID.pack(what, os.getpid()))


def read_said(fd: int) -> list[tuple[bytes, int]]:
    """The messages waiting on the zygote's end (whole ones: each was one write)."""
    data = os.read(fd, _SAID.size * 64)
    return [_SAID.unpack_from(data, i) for i in range(0, len(data) - len(data) % _SAID.size, _SAID.size)]


class Marks:
    """A profiled request's phase marks (RunRequest.profile): when each
    phase of the monitor ended, monotonic seconds. Off: nothing is noted."""

    def __init__(self) -> None:
        self.on = False
        self.marks: list = []

    def __call__(self, name: str) -> None:
        if self.on:
            self.marks.append([name, time.monotonic()])


MARK = Marks()


@dataclasses.dataclass
class Prepared:
    """A jailed run forked ahead of its request (NOTE [forked ahead]): PID 1
    of its namespaces, waiting for its request on ``request_w``."""

    pid: int
    out_r: int
    result_r: int
    result_w: int
    control: socket.socket
    request_w: int
    # A run the zygote forked (NOTE [one fork per run]): the relay watches
    # it through its pidfd, and ``exit_status()`` waits for the zygote to
    # say how it ended (a wait status, or None when the zygote did not say).
    handed: HandedRun | None = None
    exit_status: object = None

    def discard(self) -> None:
        """Kill the run unused and close every descriptor held for it."""
        if self.handed is not None:
            self.handed.kill()
        else:
            _kill_run(self.pid, True)
            _reap(self.pid)
        self.control.close()
        for fd in (self.out_r, self.result_r, self.result_w, self.request_w) + \
                ((self.handed.pidfd,) if self.handed is not None else ()):
            try:
                os.close(fd)
            except OSError:
                pass
        self.control.close()


def prepare() -> Prepared | None:
    """NOTE [forked ahead]: a fork costs in proportion to the page tables of
    the process forked, and a monitor's grow as it works (the huge pages it
    inherited split where it writes: reading and decoding a request is
    enough to make its fork cost several times the zygote's). So the
    monitor makes the run's namespaces and forks the run *first*, before it
    reads anything, and the run waits for its request on a pipe. Nothing
    else changes: the run is still PID 1 of new user, PID, IPC and UTS
    namespaces, forked from a monitor that held no request data yet (less
    than before: it inherits no request at all), and confines itself
    (child.confine) only once its request is there. None: not where runs
    are not jailed (no namespaces, the uid mode)."""
    if not Host.jail_works or Host.run_uid is not None or not Host.prefork:
        return None
    out_r, out_w = os.pipe()
    result_r, result_w = os.pipe()
    request_r, request_w = os.pipe()
    control, run_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        jail.unshare_all(network=not Host.sandboxed)
        run = barefork.fork()  # NOTE [a bare fork]
    except BaseException:  # noqa: BLE001  (the run is started after the request, and says why it cannot)
        for fd in (out_r, out_w, result_r, result_w, request_r, request_w):
            os.close(fd)
        control.close()
        run_end.close()
        return None
    if run == 0:
        jail.set_name("agt-run")
        try:
            os.close(0)  # the grader's requests: never the run's to read
            jail.die_with_parent(None)
            for fd in (out_r, result_r, result_w, control.fileno(), request_w):
                os.close(fd)
            request = wait_for_request(request_r)
        except BaseException:  # noqa: BLE001  (no request came: the monitor went, or shut down)
            os._exit(0)
        from tutor.grade.child import child_main

        child_main(request, out_w, run_end.fileno(), True)
    os.close(out_w)
    os.close(request_r)
    run_end.close()
    return Prepared(run, out_r, result_r, result_w, control, request_w)


def read_request(inbox) -> tuple[bytes, object, float]:
    """The next request's frame as it came, decoded (None once the grader
    closed the stream), and when it was read."""
    raw = b""
    try:
        raw = framing.read_raw_frame(inbox, limit=MAX_REQUEST)
        frame = framing.decode_body(raw[framing.HEADER.size:])
    except framing.FrameError:
        frame = None
    return raw, frame, time.monotonic()


def decode_request(frame: dict, read_at: float) -> RunRequest:
    """``RunRequest.from_wire``, with the profile's first marks."""
    request = RunRequest.from_wire(frame)
    if request.profile:
        MARK.on = True
        MARK.marks.append(["m.read", read_at])
        MARK("m.request")
    return request


def reply_to_bad_request(outbox_fd: int, frame: dict, exc: ProtocolError) -> None:
    framing.write_all(outbox_fd, framing.encode(reply_frame(
        "died", None, ExitRecord(why=str(exc)), "", False, 0.0, False, frame.get("id"))))


def wait_for_request(request_r: int) -> RunRequest:
    """In a run forked ahead: its request, whole, from its own pipe."""
    with os.fdopen(request_r, "rb", buffering=0) as inbox:
        return RunRequest.from_wire(framing.read_frame(inbox, limit=MAX_REQUEST))


def monitor_main(outbox_fd: int, said_fd: int) -> int:
    """Read one request, run it, write one reply. Returns the exit code."""
    jail.set_name("agt-monitor")
    # Decoding what a run sends back happens here; a frame built to expand
    # on decoding runs into this limit, not into the machine's memory.
    jail.limit(resource.RLIMIT_AS, jail.address_space() + (2 << 30))
    prepared = prepare()
    raw, frame, read_at = read_request(os.fdopen(0, "rb", buffering=0, closefd=False))
    if not isinstance(frame, dict) or frame.get("op") == "shutdown":
        if prepared is not None:
            prepared.discard()
        say(said_fd, CLOSED)
        return SHUTDOWN_EXIT
    os.close(0)
    say(said_fd, TAKEN)
    try:
        request = decode_request(frame, read_at)
    except ProtocolError as exc:  # the grader's own mistake: one reply that says so
        if prepared is not None:
            prepared.discard()
        reply_to_bad_request(outbox_fd, frame, exc)
        say(said_fd, REPLIED)
        return 0
    run_isolated(request, outbox_fd, replied=lambda: say(said_fd, REPLIED), prepared=prepared, raw=raw,
                 cold=lambda compiled=False: say(said_fd, COMPILED if compiled else COLD))
    return 0


def run_isolated(request: RunRequest, outbox_fd: int, replied=lambda: None, prepared: Prepared | None = None,
                 raw: bytes = b"", cold=lambda: None) -> None:
    """Start the run (as PID 1 of new namespaces, when it can), watch it,
    write its reply frame, and only then reap it. ``prepared``: the run was
    forked ahead (NOTE [forked ahead]) and gets ``raw``, the request's frame
    as it came; it is jailed even if the request asks for a plain child
    (``jail`` False), and the reply says so."""
    timeout = request.timeout
    jailed = (request.jail or prepared is not None) and Host.jail_works
    uid = None if jailed else Host.run_uid
    workdir = None
    if not jailed:  # a plain child process: a private folder, removed afterwards
        import tempfile

        workdir = tempfile.mkdtemp(prefix="agt-run-")
        if uid is not None:
            os.chown(workdir, uid, uid)
            jail.become_subreaper()  # what the run leaves behind is reparented to us, not to init
        request = dataclasses.replace(request, workdir=workdir)
    if prepared is not None:
        status, payload, exit_info, run = "died", None, None, prepared.pid
        out_r, result_r, result_w, control = prepared.out_r, prepared.result_r, prepared.result_w, prepared.control
        started = time.monotonic()
        try:
            framing.write_all(prepared.request_w, raw)
        except OSError:
            pass  # the run is gone (killed from outside while it waited): found below
        os.close(prepared.request_w)
        MARK("m.handed")
    else:
        out_r, out_w = os.pipe()
        result_r, result_w = os.pipe()
        control, run_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        started = time.monotonic()
        status, payload, exit_info, run = "died", None, None, None
    monitor = os.getpid()
    try:
        if prepared is None:
            if jailed:
                # Our next child is PID 1 of a new PID namespace; the bubblewrap
                # sandbox already has no network, so a network namespace per run
                # is needed only without it.
                jail.unshare_all(network=not Host.sandboxed)
            MARK("m.namespaces")
            run = barefork.fork()  # NOTE [a bare fork]
    except BaseException as exc:  # noqa: BLE001  (a run that cannot start is a verdict)
        exit_info = {"why": f"the run could not be started in its sandbox ({exc})"}
    if run == 0:
        jail.set_name("agt-run")
        if uid is not None:  # first: changing uid clears the parent-death signal
            from tutor.grade import uidrun

            uidrun.become(uid, processes=request.limits.processes or 64)
        jail.die_with_parent(None if jailed else monitor)
        for fd in (out_r, result_r, result_w, control.fileno()):
            os.close(fd)
        from tutor.grade.child import child_main

        child_main(request, out_w, run_end.fileno(), jailed)
    if prepared is None:
        MARK("m.fork")
        os.close(out_w)
        run_end.close()
    watch = RunWatch(out_r, result_r, result_w, control, request.limits)
    handed = prepared.handed if prepared is not None else None
    proc = handed or (ChildRun(run) if run is not None else None)
    if run is not None:
        # Jailed, the limit is CPU time of the whole run (a fork bomb next
        # door slows an honest run down without using up its limit), with a
        # wall-clock bound for code that sleeps; otherwise wall clock.
        wall = started + (timeout * WALL_FACTOR + WALL_SLACK if jailed else timeout)
        status, payload, exit_info = watch.until_done(proc, wall, jailed, cpu_limit=timeout, uid=uid)
        if isinstance(payload, dict) and (hint := payload.pop("cold", None)) in (True, "compile"):
            cold(hint == "compile")  # NOTE [warm on need]: a speed hint for the zygote, never part of the reply
        MARK("m.result")
        if handed is not None:
            handed.kill()
        else:
            _kill_run(run, jailed)
    if uid is not None:  # its processes die now: nothing of the run writes to its output any more
        from tutor.grade import uidrun

        uidrun.kill_all(uid)
    watch.drain_output()
    if status == "died" and exit_info is None and run is not None:
        exit_info = _status_info(prepared.exit_status()) if handed is not None else _exit_info(run)
        if exit_info.get("why") == UNTOLD:  # the zygote never said how it ended: ours, not the run's
            status = "lost"
        if jailed and exit_info.get("signal") == signal.SIGKILL:
            # NOTE [whose kill]: the run is PID 1 of its own PID namespace, and
            # the kernel drops SIGKILL sent to a namespace's init from inside
            # it (pid_namespaces(7)); this monitor did not send one either (it
            # kills only after until_done has returned). So someone outside
            # did: an OOM killer, an operator. That is the grader's fault,
            # and the pool runs it again.
            status, exit_info = "lost", {"why": "the run was killed from outside its sandbox (SIGKILL)"}
    if uid is not None:
        # Before the reply, which hands the uid to the next run: the run's
        # orphans (ours to reap: subreaper) are reaped, so none counts
        # against the next run's process limit, and its files are gone.
        uidrun.reap_orphans()
        uidrun.clean(uid, Host.shared_dirs)
    MARK("m.killed")
    reply = reply_frame(status, payload, ExitRecord(**(exit_info or {})), watch.output(), watch.truncated,
                        time.monotonic() - started, jailed, request.id, phases=MARK.marks + [["m.encode", 0.0]])
    data = framing.encode(reply)
    if len(data) > framing.MAX_FRAME:  # NOTE [a reply grown past its frame] (protocol.py)
        data = framing.encode(too_big(reply))
    if MARK.on:
        data = framing.stamp(data, "m.encode")
    framing.write_all(outbox_fd, data)
    replied()
    # After the reply: nothing of the run can be running, but waiting for
    # the kernel to tear its namespaces down need not delay the grader.
    if run is not None and handed is None:
        _reap(run)
    watch.close()
    if workdir:
        import shutil

        shutil.rmtree(workdir, ignore_errors=True)


def _exit_info(pid: int) -> dict:
    if pid in REAPED or not hasattr(os, "waitid"):
        status = REAPED.get(pid)
        if status is None:
            try:
                _, status = os.waitpid(pid, 0)
            except ChildProcessError:
                return {"why": "gone"}
            REAPED[pid] = status
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


UNTOLD = "the grading worker did not say how the run ended"


def _status_info(status: int | None) -> dict:
    if status is None:
        return {"why": UNTOLD}
    if os.WIFSIGNALED(status):
        return {"signal": os.WTERMSIG(status)}
    return {"code": os.waitstatus_to_exitcode(status)}


def _reap(pid: int) -> None:
    if pid in REAPED:
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


def _wait(pid: int):
    while True:
        try:
            return os.waitpid(pid, 0)
        except InterruptedError:
            continue
