"""NOTE [one fork per run] (tutor/grade/relay.py): a worker's runs are
forked straight from its zygote and served by one relay. Each of the
worker's own processes killed from outside (the run waiting for its
request, the run in progress, the relay) is the grader's fault: the run is
run again and the verdict is the one a clean grade gives; it never becomes
the learner's verdict, and the worker itself lives on."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from support import descendants, process_name
from tutor.grade.grader import Grader, Submission
from tutor.pack.models import Exercise

EXERCISE = Exercise.model_validate({
    "id": "square-grad", "title": "square", "prompt": "compute y and its gradient",
    "setup": "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n",
    "solution": "y = (x ** 2).sum()\ny.backward()\n",
    "checks": [{"kind": "grad", "tensor": "x"}, {"kind": "value", "expr": "y"}],
    "trials": [{"seed": 0}],
})
CORRECT = "y = (x ** 2).sum()\ny.backward()\n"
# Sleeps long enough to be killed mid-run, then answers: passes when run again.
SLOW = "import time\ntime.sleep(1.5)\n" + CORRECT


def _named(grader: Grader, name: str, timeout: float = 60.0) -> list[int]:
    """The worker's processes named ``name`` (jail.set_name), once there are some."""
    worker = grader.pool._workers[0].proc.pid
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [p for p in descendants(worker) if process_name(p) == name]
        if found:
            return found
        time.sleep(0.02)
    return []


@pytest.fixture(scope="module")
def grader():
    with Grader(jobs=1, timeout=20, sandbox="require") as g:
        g.pool.start()
        if g.pool.mode != "bwrap":
            pytest.skip(f"runs are forked by a monitor each in the {g.pool.mode} mode")
        # Grade once, so that the worker is warm and its relay is up.
        (first,) = g.grade([Submission(EXERCISE, CORRECT + "# warm\n")])
        assert first.status == "passed", first.error
        yield g


def _gone(grader: Grader, name: str, timeout: float = 60.0) -> bool:
    """True once the worker has no process named ``name``."""
    worker = grader.pool._workers[0].proc.pid
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not [p for p in descendants(worker) if process_name(p) == name]:
            return True
        time.sleep(0.02)
    return False


def _capabilities(pid: int) -> dict:
    with open(f"/proc/{pid}/status") as f:
        return {k: int(v, 16) for k, v in (line.split(":\t") for line in f) if k.startswith("Cap")}


def test_one_fork_a_worker_serves_runs_through_one_relay_and_no_monitor(grader):
    (relay_pid,) = _named(grader, "agt-relay")
    # It holds every learner's code: no capability, none to gain.
    caps = _capabilities(relay_pid)
    assert caps["CapEff"] == caps["CapPrm"] == caps["CapBnd"] == 0, caps
    assert _named(grader, "agt-waiting"), "no run forked ahead of its request"
    worker = grader.pool._workers[0].proc.pid
    assert not [p for p in descendants(worker) if process_name(p) == "agt-monitor"]


def _kill_during(grader: Grader, code: str, name: str) -> tuple:
    """Grade ``code`` while another thread kills the worker's ``name``
    process once the run is under way (the relay has taken its request);
    returns the result and the pid killed. The worker must live on: a relay
    that dies before it took a request may have read part of it, and only
    then does the whole worker end (zygote_relay.serve_relay)."""
    killed: list[int] = []

    def kill() -> None:
        if not _named(grader, "agt-run"):
            return
        for pid in _named(grader, name):
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
            return

    worker = grader.pool._workers[0].proc.pid
    # A run of the grade before may still be on its way out (it replied, and
    # an exit takes milliseconds): seen as this grade's run, it had the relay
    # killed between two requests, and the whole worker ended, rightly.
    assert _gone(grader, "agt-run"), "a run of an earlier grade never ended"
    killer = threading.Thread(target=kill)
    killer.start()
    (result,) = grader.grade([Submission(EXERCISE, code)])
    killer.join(60)
    assert killed, f"no {name} process was found to kill"
    assert grader.pool._workers[0].proc.pid == worker, "the whole worker was started again"
    return result, killed[0]


def test_one_fork_the_run_waiting_for_its_request_killed_is_not_a_verdict(grader):
    (victim,) = _named(grader, "agt-waiting")
    os.kill(victim, signal.SIGKILL)
    retried = grader.pool.retried
    (result,) = grader.grade([Submission(EXERCISE, CORRECT + "# after a waiting run was killed\n")])
    assert result.status == "passed", result.error
    assert not result.fault, result.fault
    assert grader.pool.retried - retried <= 1  # the dead run's request, once


def test_one_fork_the_run_in_progress_killed_from_outside_is_run_again(grader):
    result, _ = _kill_during(grader, SLOW + "# run killed\n", "agt-run")
    assert result.status == "passed", result.error
    assert not result.fault, result.fault


def test_one_fork_the_relay_killed_with_a_request_in_hand_is_run_again(grader):
    before = _named(grader, "agt-relay")
    result, killed = _kill_during(grader, SLOW + "# relay killed\n", "agt-relay")
    assert killed in before
    assert result.status == "passed", result.error
    assert not result.fault, result.fault
    after = _named(grader, "agt-relay")
    assert after and killed not in after, "the zygote did not fork a new relay"
    (again,) = grader.grade([Submission(EXERCISE, CORRECT + "# after the relay was replaced\n")])
    assert again.status == "passed", again.error


def test_one_fork_the_next_run_killed_while_a_run_dies_is_not_the_next_verdict(grader):
    """The relay hears how the run forked ahead ended while it waits to hear
    how the current one did: it must keep that news for when the next
    request comes to that run."""
    dies = "import os, time\ntime.sleep(1.5)\nos._exit(3)\n"
    killed: list[int] = []

    def kill() -> None:
        if _named(grader, "agt-run"):
            for pid in _named(grader, "agt-waiting"):
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

    assert _gone(grader, "agt-run"), "a run of an earlier grade never ended"  # as in _kill_during
    killer = threading.Thread(target=kill)
    killer.start()
    died, correct = grader.grade([Submission(EXERCISE, dies), Submission(EXERCISE, CORRECT + "# next\n")])
    killer.join(60)
    assert killed, "no run waiting for its request was found to kill"
    assert died.status == "error" and "exit" in died.error.lower(), died.error
    assert correct.status == "passed", correct.error
    assert not correct.fault, correct.fault


def test_one_fork_the_relay_keeps_the_end_of_a_run_not_yet_used(monkeypatch):
    """The order of the test above, message by message: the zygote hands
    out run A and, ahead, run B; B is killed while the relay waits to hear
    how A ended. B's end must be there when B's turn comes (dropped, the
    relay would wait EXIT_WAIT for news that never comes, and call it lost)."""
    import socket

    from tutor.grade import relay

    monkeypatch.setattr(relay, "EXIT_WAIT", 0.5)
    zygote, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    mailbox = relay.Mailbox(theirs)
    opened = []
    try:
        for pid in (101, 102):
            (out_r, out_w), (result_r, result_w), (request_r, request_w) = os.pipe(), os.pipe(), os.pipe()
            control, run_end = socket.socketpair()
            pidfd = os.dup(out_w)  # stands for the run's pidfd: the mailbox only keeps it
            fds = [out_r, result_r, result_w, control.fileno(), request_w, pidfd]
            relay.hand_out(zygote, pid, fds)
            opened += [out_r, result_r, result_w, request_w, pidfd, out_w, request_r]
            control.close()
            run_end.close()
        run_a = mailbox.next_run()
        relay.exited(zygote, 102, signal.SIGKILL)  # B, killed while it waited
        relay.exited(zygote, 101, 3 << 8)  # A exited with 3
        assert run_a.exit_status() == 3 << 8
        run_b = mailbox.next_run()
        assert run_b.pid == 102
        assert run_b.exit_status() == signal.SIGKILL
        relay.exited(zygote, 101, 0)  # news of a run already answered for is not kept
        assert mailbox.status_of(101) is None
    finally:
        for run in mailbox.runs + [r for r in (locals().get("run_a"), locals().get("run_b")) if r]:
            run.discard()
        for fd in opened:
            try:
                os.close(fd)
            except OSError:
                pass
        zygote.close()
        theirs.close()


@pytest.mark.parametrize("says", [b"!", b"", b"x"])
def test_one_fork_a_run_gets_its_request_only_once_it_said_ready(says):
    """A run forked ahead that could not make its namespaces ends without a
    word: the relay must not hand it the request (its death would read as
    the learner's), and nothing else it could say counts as ready."""
    import socket

    from tutor.grade import relay
    from tutor.grade.monitor import Prepared
    from tutor.grade.runwatch import HandedRun

    control, run_end = socket.socketpair()
    pid = os.fork()
    if pid == 0:
        control.close()
        if says:
            run_end.send(says)
        time.sleep(0.2)
        os._exit(1)
    run_end.close()
    pidfd = os.pidfd_open(pid)
    pipes = [os.pipe() for _ in range(3)]
    run = Prepared(pid, pipes[0][0], pipes[1][0], pipes[1][1], control, pipes[2][1], handed=HandedRun(pid, pidfd))
    try:
        assert relay.wait_ready(run) is (says == relay.READY)
    finally:
        os.waitpid(pid, 0)
        os.close(pidfd)
        control.close()
        for r, w in pipes:
            os.close(r)
            os.close(w)


def test_one_fork_a_lost_reply_names_the_request_it_answers():
    from tutor.grade import relay

    assert relay.taken_id(relay.taken(123456789)) == 123456789
    for odd in (None, 0, -4, "12", True, 1.5):
        assert relay.taken_id(relay.taken(odd)) == 0
