"""The relay: one per worker, it reads the requests, watches the runs the
zygote forked for it, and writes the replies (NOTE [one fork per run]).

NOTE [one fork per run]
A run must be PID 1 of a PID namespace of its own (killing it kills all it
started; it sees no other process), and a monitor forked per run made that
namespace and forked the run: two forks of a process that holds torch per
run. Instead, the worker makes a user and a PID namespace once, at start
(``jail.enter_worker_namespaces``), and the zygote is their PID 1: with
every capability of that user namespace, it can make a PID namespace for
each run, fork the run into it, and step back into its own
(``jail.fork_into_pid_namespace``). The run, still trusted code, makes the
rest itself before it waits: its own user namespace (so RLIMIT_NPROC counts
exactly its processes, and it holds no capability over the zygote's),
IPC, UTS and, outside bubblewrap, network namespaces; once its request has
come, ``child.confine`` does what it did under a monitor.

The zygote still never reads a request: it forks a run ahead of its
request (its pipes made there), hands the pipes to the relay (SCM_RIGHTS,
with a pidfd of the run), and closes its copies. The relay reads a request,
writes it to the run waiting for it, watches it as a monitor did (runwatch),
kills it through its pidfd, writes the reply. It holds request data, which
is safe only because it never forks: every run comes from the zygote. The
zygote reaps the runs (their parent) and tells the relay how each ended.
A relay that dies with a request in hand is a lost run, answered by the
zygote, never a verdict (zygote_relay.py). The uid mode, and a kernel
that refuses the worker's namespaces, keep a monitor per run (monitor.py).

A run forked ahead says ``READY`` on its control socket once its
namespaces are made; the relay writes it the request only then. A run that
could not make them (the kernel out of namespaces, say, while the run
before it was still running) ends without a word, and its request is lost,
the grader's fault: never the verdict of the learner whose code it was to
run, and no exit code the code under test can choose means it.

Between the zygote and the relay, a SOCK_SEQPACKET pair, a message a packet:
relay -> zygote: monitor.TAKEN (with the request's id), REPLIED, CLOSED,
COLD, and USED (the run handed out was used: fork the next); zygote ->
relay: RUN (its pid; six descriptors) and EXITED (a pid and its wait status).
"""

from __future__ import annotations

import os
import resource
import select
import socket
import struct
import time

from tutor.grade import framing, jail
from tutor.grade.monitor import (CLOSED, COLD, COMPILED, MARK, REPLIED, SHUTDOWN_EXIT, TAKEN, Prepared,
                                 decode_request, read_request, reply_to_bad_request, run_isolated)
from tutor.grade.protocol import ExitRecord, ProtocolError, reply_frame
from tutor.grade.runwatch import HandedRun

USED = b"u"
READY = b"!"  # run -> relay, on the run's control socket
MESSAGE = 64  # the longest relay -> zygote message
RUN, EXITED = b"R", b"E"
_RUN = struct.Struct(">ciQ")  # RUN, its pid, the zygote's resident bytes at the fork
_EXITED = struct.Struct(">cii")
FDS = 6  # out_r, result_r, result_w, control, request_w, pidfd
EXIT_WAIT = 10.0  # seconds the relay waits for the zygote to say how a run ended


def send(sock: socket.socket, what: bytes) -> None:
    sock.send(what)


def taken(request_id: object) -> bytes:
    """TAKEN with the request's id, so that a lost reply for it echoes it."""
    return TAKEN + (str(request_id).encode() if type(request_id) is int and request_id > 0 else b"")


def taken_id(message: bytes) -> int:
    """The id in a TAKEN message (0: none)."""
    digits = message[1:MESSAGE]
    return int(digits) if digits.isdigit() else 0


def wait_ready(run: Prepared) -> bool:
    """True once the run forked ahead has said READY (it made its
    namespaces); False if it ended, or said nothing, first."""
    deadline = time.monotonic() + EXIT_WAIT
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        try:
            ready, _, _ = select.select([run.control, run.handed.pidfd], [], [], left)
        except InterruptedError:
            continue
        if run.control in ready:
            try:
                return run.control.recv(1, socket.MSG_DONTWAIT) == READY
            except OSError:
                return False
        if ready:
            return False  # it ended without a word


def hand_out(sock: socket.socket, pid: int, fds: list[int], size: int = 0) -> None:
    """The zygote's side: a run forked ahead, its pipes and its pidfd, and
    the zygote's resident size when it forked it (runwatch.HandedRun)."""
    socket.send_fds(sock, [_RUN.pack(RUN, pid, size)], fds)


def exited(sock: socket.socket, pid: int, status: int) -> None:
    sock.send(_EXITED.pack(EXITED, pid, status))


class Mailbox:
    """The relay's side of the socket: runs handed out, in order, and the
    exit status of the run it watches now."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.runs: list[Prepared] = []
        self.statuses: dict[int, int] = {}
        self.current = 0

    def _receive(self, timeout: float | None) -> bool:
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            return False
        data, fds, _, _ = socket.recv_fds(self.sock, 64, FDS)
        if not data:
            raise EOFError("the zygote is gone")
        if data[:1] == RUN and len(data) == _RUN.size and len(fds) == FDS:
            _, pid, size = _RUN.unpack(data)
            out_r, result_r, result_w, control, request_w, pidfd = fds
            run = Prepared(pid, out_r, result_r, result_w, socket.socket(fileno=control), request_w,
                           handed=HandedRun(pid, pidfd, size))
            run.exit_status = lambda run=run: self.status_of(run.pid)
            self.runs.append(run)
        elif data[:1] == EXITED and len(data) == _EXITED.size:
            _, pid, status = _EXITED.unpack(data)
            # Kept for the run watched now and for runs handed out and not
            # used yet (one killed while it waited is told of while the
            # relay waits to hear of another); runs answered for are done.
            if pid == self.current or any(run.pid == pid for run in self.runs):
                self.statuses[pid] = status
        else:
            for fd in fds:
                os.close(fd)
        return True

    def next_run(self) -> Prepared:
        while not self.runs:
            self._receive(None)
        run = self.runs.pop(0)
        self.statuses.pop(self.current, None)
        self.current = run.pid
        return run

    def status_of(self, pid: int) -> int | None:
        deadline = time.monotonic() + EXIT_WAIT
        while pid not in self.statuses:
            left = deadline - time.monotonic()
            if left <= 0 or not self._receive(left):
                return None
        return self.statuses.pop(pid)


def relay_main(outbox_fd: int, sock: socket.socket) -> int:
    """Read requests until the grader closes the stream or says shutdown;
    each goes to the run the zygote forked ahead. Returns the exit code."""
    jail.set_name("agt-relay")
    # It holds every learner's code and results, and parses what runs send:
    # it needs no capability (runs have its uid), so it keeps none.
    jail.drop_privileges()
    # Decoding what a run sends back happens here; a frame built to expand
    # on decoding runs into this limit, not into the machine's memory.
    jail.limit(resource.RLIMIT_AS, jail.address_space() + (2 << 30))
    mailbox = Mailbox(sock)
    inbox = os.fdopen(0, "rb", buffering=0, closefd=False)
    while True:
        MARK.on, MARK.marks = False, []
        raw, frame, read_at = read_request(inbox)
        if not isinstance(frame, dict) or frame.get("op") == "shutdown":
            send(sock, CLOSED)
            return SHUTDOWN_EXIT
        send(sock, taken(frame.get("id")))
        try:
            request = decode_request(frame, read_at)
        except ProtocolError as exc:  # the grader's own mistake: one reply that says so
            reply_to_bad_request(outbox_fd, frame, exc)
            send(sock, REPLIED)
            continue
        run = mailbox.next_run()
        send(sock, USED)
        if not wait_ready(run):  # NOTE [one fork per run]: the grader's fault, never a verdict
            run.discard()
            framing.write_all(outbox_fd, framing.encode(reply_frame(
                "lost", None, ExitRecord(why="the run forked for this request could not start its sandbox"),
                "", False, 0.0, False, request.id)))
            send(sock, REPLIED)
            continue
        run_isolated(request, outbox_fd, replied=lambda: send(sock, REPLIED), prepared=run, raw=raw,
                     cold=lambda compiled=False: send(sock, COMPILED if compiled else COLD))
        os.close(run.handed.pidfd)
        del raw, frame, request
