"""The zygote's side of NOTE [one fork per run] (relay.py): it forks the
relay, forks every run ahead of its request and hands it to the relay,
reaps the runs and tells the relay how each ended, and answers for a relay
that dies holding a request. It never reads a request."""

from __future__ import annotations

import os
import select
import signal
import socket

from tutor.grade import framing, jail, monitor, relay
from tutor.grade.monitor import SHUTDOWN_EXIT, Host, _wait
from tutor.grade.protocol import ExitRecord, reply_frame
from tutor.grade.runwatch import resident


class _Said:
    """What the relay has said so far (its messages are read in order)."""

    def __init__(self) -> None:
        self.taken: int | None = None  # the id of the request it holds, 0 when it has none
        self.used = False  # the run handed out was used: fork the next
        self.closing = False
        self.cold = False
        self.compiled = False  # NOTE [compile warmed on need] (zygote.py)

    def read(self, sock: socket.socket) -> None:
        """Every message waiting, without blocking."""
        while True:
            try:
                what = sock.recv(relay.MESSAGE, socket.MSG_DONTWAIT)
            except OSError:  # nothing waiting (BlockingIOError), or the relay is gone
                return
            if not what:
                return
            kind = what[:1]
            if kind == monitor.TAKEN:
                self.taken = relay.taken_id(what)
            elif kind == monitor.REPLIED:
                self.taken = None
            elif kind == relay.USED:
                self.used = True
            elif kind == monitor.CLOSED:
                self.closing = True
            elif kind == monitor.COLD:
                self.cold = True
            elif kind == monitor.COMPILED:
                self.cold = self.compiled = True


def serve_relay(outbox_fd: int, later=None, on_need=None, on_compile=None) -> None:
    """One run waits, forked ahead and handed to the relay, at all times;
    the relay says when it has taken a request (``TAKEN`` and its id), used
    the run (``USED``: the next is forked now), replied (``REPLIED``), found
    the input closed (``CLOSED``) or ran a run that started cold (``COLD``:
    ``on_need`` warms up, once; ``COMPILED``, cold and compiling:
    ``on_compile`` warms up torch.compile too, once). A relay that dies holding a request gets
    one ``lost`` reply for it, with its id, and a successor (the grader's
    stream is at a frame's end); one that dies otherwise may have died
    mid-frame, and the worker ends, as with a monitor."""
    own_ns = os.open("/proc/self/ns/pid", os.O_RDONLY | os.O_CLOEXEC)
    runs: dict[int, int] = {}  # pid -> pidfd of every run handed out and not reaped yet
    relay_pid, sock, relay_fd = 0, None, -1
    said = _Said()
    outstanding = False
    try:
        while True:
            if not relay_pid:
                sock, relay_pid = _fork_relay(outbox_fd, own_ns, runs)
                relay_fd = os.pidfd_open(relay_pid)
                said, outstanding = _Said(), False
            if not outstanding:
                _fork_run(own_ns, sock, runs)
                outstanding = True
                if later is not None:
                    later()
                    later = None
            ready, _, _ = _select([sock, relay_fd, *runs.values()], 0.5)
            said.read(sock)
            if said.used:
                said.used, outstanding = False, False
            if said.compiled and on_compile is not None:
                on_compile()  # the warm-up on need too
                on_need = on_compile = None
            if said.cold and on_need is not None:
                on_need()
                on_need = None
            while True:
                try:
                    pid, status = os.waitpid(-1, os.WNOHANG)
                except ChildProcessError:
                    break
                if not pid:
                    break
                if pid in runs:
                    os.close(runs.pop(pid))
                    try:
                        relay.exited(sock, pid, status)
                    except OSError:
                        pass  # the relay is gone: found below
                elif pid == relay_pid:
                    code = os.waitstatus_to_exitcode(status)
                    said.read(sock)  # what it said before it died, read before deciding
                    os.close(relay_fd)
                    sock.close()
                    relay_pid, sock, relay_fd = 0, None, -1
                    for fd in runs.values():  # the run it watched, and the one waiting for it
                        _kill(fd)
                    if said.closing or code == SHUTDOWN_EXIT or said.taken is None:
                        return
                    # Killed from outside with a request in hand: one reply,
                    # so that the grader is not left waiting, and runs it again.
                    framing.write_all(outbox_fd, framing.encode(reply_frame(
                        "lost", None, ExitRecord(why="the grading worker's relay died"), "", False, 0.0, False,
                        said.taken or None)))
                    break
    finally:
        for pid, fd in list(runs.items()):
            _kill(fd)
            _reap_quietly(pid)


def _select(fds: list, timeout: float):
    try:
        return select.select(fds, [], [], timeout)
    except InterruptedError:
        return [], [], []


def _kill(pidfd: int) -> None:
    try:
        signal.pidfd_send_signal(pidfd, signal.SIGKILL)
    except OSError:
        pass


def _reap_quietly(pid: int) -> None:
    try:
        _wait(pid)
    except ChildProcessError:
        pass


def _fork_relay(outbox_fd: int, own_ns: int, runs: dict) -> tuple[socket.socket, int]:
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    zygote = os.getpid()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            mine.close()
            for fd in (own_ns, *runs.values()):
                os.close(fd)
            jail.die_with_parent(zygote)
            code = relay.relay_main(outbox_fd, theirs)
        finally:
            os._exit(code)
    theirs.close()
    return mine, pid


def _fork_run(own_ns: int, sock: socket.socket, runs: dict) -> None:
    """A run forked ahead of its request: PID 1 of a new PID namespace, it
    makes its own user, IPC, UTS (network) namespaces, says it is ready
    (``relay.READY`` on its control socket) and waits for its request; its
    pipes and a pidfd go to the relay, and the zygote keeps none of them
    but the pidfd. A run that cannot make its namespaces never says ready,
    and the relay calls its request lost (relay.py)."""
    out_r, out_w = os.pipe()
    result_r, result_w = os.pipe()
    request_r, request_w = os.pipe()
    control, run_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        size = resident("self")
        pid = jail.fork_into_pid_namespace(own_ns)
    except BaseException:
        for fd in (out_r, out_w, result_r, result_w, request_r, request_w):
            os.close(fd)
        control.close()
        run_end.close()
        raise
    if pid == 0:
        try:
            jail.die_with_parent(None)
            keep = sorted({1, 2, out_w, request_r, run_end.fileno()})
            low = 0  # fd 0 is the grader's requests: never the run's to read
            for fd in keep:
                os.closerange(low, fd)
                low = fd + 1
            os.closerange(low, 65536)
            try:
                jail.unshare_all(network=not Host.sandboxed, pid=False)
            except BaseException:  # noqa: BLE001  (it never says ready: the relay calls it lost)
                os._exit(1)
            run_end.send(relay.READY)
            jail.set_name("agt-waiting")  # for ps and tests/support.run_processes
            request = monitor.wait_for_request(request_r)
            jail.set_name("agt-run")
        except BaseException:  # noqa: BLE001  (no request came: the relay went, or shut down)
            os._exit(0)
        from tutor.grade.child import child_main

        child_main(request, out_w, run_end.fileno(), True)
    os.close(out_w)
    os.close(request_r)
    run_end.close()
    pidfd = os.pidfd_open(pid)
    runs[pid] = pidfd
    try:
        relay.hand_out(sock, pid, [out_r, result_r, result_w, control.fileno(), request_w, pidfd], size)
    except OSError:
        _kill(pidfd)  # the relay is gone: the run is reaped, and the relay's death dealt with, in the loop
    finally:
        for fd in (out_r, result_r, result_w, request_w):
            os.close(fd)
        control.close()
