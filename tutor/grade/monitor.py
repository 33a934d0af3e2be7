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

from tutor.grade import framing, jail
from tutor.grade.protocol import ExitRecord, ProtocolError, RunRequest, reply_frame
from tutor.grade.runwatch import REAPED, RunWatch

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
    uid = None if jailed else Host.run_uid
    workdir = None
    if not jailed:  # a plain child process: a private folder, removed afterwards
        import tempfile

        workdir = tempfile.mkdtemp(prefix="agt-run-")
        if uid is not None:
            os.chown(workdir, uid, uid)
            jail.become_subreaper()  # what the run leaves behind is reparented to us, not to init
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
        if uid is not None:  # first: changing uid clears the parent-death signal
            from tutor.grade import uidrun

            uidrun.become(uid, processes=request.limits.processes or 64)
        jail.die_with_parent(None if jailed else monitor)
        for fd in (out_r, result_r, result_w, control.fileno()):
            os.close(fd)
        from tutor.grade.child import child_main

        child_main(request, out_w, run_end.fileno(), jailed)
    os.close(out_w)
    run_end.close()
    watch = RunWatch(out_r, result_r, result_w, control, request.limits)
    if run is not None:
        # Jailed, the limit is CPU time of the whole run (a fork bomb next
        # door slows an honest run down without using up its limit), with a
        # wall-clock bound for code that sleeps; otherwise wall clock.
        wall = started + (timeout * WALL_FACTOR + WALL_SLACK if jailed else timeout)
        status, payload, exit_info = watch.until_done(run, wall, jailed, cpu_limit=timeout)
        _kill_run(run, jailed)
    if uid is not None:  # its processes die now: nothing of the run writes to its output any more
        from tutor.grade import uidrun

        uidrun.kill_all(uid)
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
    if uid is not None:
        # Before the reply, which hands the uid to the next run: the run's
        # orphans (ours to reap: subreaper) are reaped, so none counts
        # against the next run's process limit, and its files are gone.
        uidrun.reap_orphans()
        uidrun.clean(uid, Host.shared_dirs)
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
