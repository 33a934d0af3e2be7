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


def test_a_worker_serves_runs_through_one_relay_and_no_monitor(grader):
    assert len(_named(grader, "agt-relay")) == 1
    assert _named(grader, "agt-waiting"), "no run forked ahead of its request"
    worker = grader.pool._workers[0].proc.pid
    assert not [p for p in descendants(worker) if process_name(p) == "agt-monitor"]


def _kill_during(grader: Grader, code: str, name: str) -> tuple:
    """Grade ``code`` while another thread kills the worker's ``name``
    process once the run is under way (the relay has taken its request);
    returns the result and the pid killed. The worker must live on: a relay
    that dies before it took a request may have read part of it, and only
    then does the whole worker end (zygote._serve_relay)."""
    killed: list[int] = []

    def kill() -> None:
        if not _named(grader, "agt-run"):
            return
        for pid in _named(grader, name):
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
            return

    worker = grader.pool._workers[0].proc.pid
    killer = threading.Thread(target=kill)
    killer.start()
    (result,) = grader.grade([Submission(EXERCISE, code)])
    killer.join(60)
    assert killed, f"no {name} process was found to kill"
    assert grader.pool._workers[0].proc.pid == worker, "the whole worker was started again"
    return result, killed[0]


def test_the_run_waiting_for_its_request_killed_is_not_a_verdict(grader):
    (victim,) = _named(grader, "agt-waiting")
    os.kill(victim, signal.SIGKILL)
    started = time.monotonic()
    (result,) = grader.grade([Submission(EXERCISE, CORRECT + "# after a waiting run was killed\n")])
    assert result.status == "passed", result.error
    assert not result.fault, result.fault
    # Not a lost run waited out: the relay learns at once how that run ended.
    assert time.monotonic() - started < 8, "the relay waited for an exit status that never came"


def test_the_run_in_progress_killed_from_outside_is_run_again(grader):
    result, _ = _kill_during(grader, SLOW + "# run killed\n", "agt-run")
    assert result.status == "passed", result.error
    assert not result.fault, result.fault


def test_the_relay_killed_with_a_request_in_hand_is_run_again(grader):
    before = _named(grader, "agt-relay")
    result, killed = _kill_during(grader, SLOW + "# relay killed\n", "agt-relay")
    assert killed in before
    assert result.status == "passed", result.error
    assert not result.fault, result.fault
    after = _named(grader, "agt-relay")
    assert after and killed not in after, "the zygote did not fork a new relay"
    (again,) = grader.grade([Submission(EXERCISE, CORRECT + "# after the relay was replaced\n")])
    assert again.status == "passed", again.error


def test_the_next_run_killed_while_a_run_dies_is_not_the_next_verdict(grader):
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

    killer = threading.Thread(target=kill)
    killer.start()
    started = time.monotonic()
    died, correct = grader.grade([Submission(EXERCISE, dies), Submission(EXERCISE, CORRECT + "# next\n")])
    killer.join(60)
    assert killed, "no run waiting for its request was found to kill"
    assert died.status == "error" and "exit" in died.error.lower(), died.error
    assert correct.status == "passed", correct.error
    assert not correct.fault, correct.fault
    assert time.monotonic() - started < 12, "the relay waited for an exit status it had thrown away"
