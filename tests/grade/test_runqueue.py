"""NOTE [no worker waits for another's run] (tutor/grade/runqueue.py): a
worker that comes free takes the oldest queued run it may run, so a cold
worker never stands idle behind runs that wait for the warm one. The queue
alone, then a pool's dispatch with stand-in workers (what is under test is
which worker takes which run, not a run itself)."""

from __future__ import annotations

import threading

from tutor.grade.pool import WorkerPool
from tutor.grade.protocol import ExitRecord, RunReply, RunRequest
from tutor.grade.runqueue import RunQueue


def _queue(*runs: str) -> RunQueue:
    q = RunQueue()
    for run in runs:
        q.put(run, needs_warm=run.startswith("W"))
    return q


def test_the_warm_worker_takes_what_needs_it_first_a_cold_one_never():
    q = _queue("O1", "W1", "O2", "W2")
    assert q.take(warm_worker=False) == "O1"
    assert q.take(warm_worker=True) == "W1"  # before the older O2: only it may run W2 and W1
    assert q.take(warm_worker=False) == "O2"
    assert q.take(warm_worker=False) is None  # W2 waits for the warm worker
    assert len(q) == 1 and q.take(warm_worker=True) == "W2" and len(q) == 0


def test_the_warm_worker_takes_the_others_when_nothing_needs_it():
    q = _queue("O1", "O2")
    assert [q.take(warm_worker=True), q.take(warm_worker=False), q.take(warm_worker=True)] == ["O1", "O2", None]


def test_without_a_split_every_run_goes_in_the_order_queued():
    q = RunQueue()
    for run in ("W1", "O1", "W2", "O2"):  # a pool without a split: nothing waits for the warm worker
        q.put(run, needs_warm=False)
    assert [q.take(warm_worker=n % 2 == 0) for n in range(5)] == ["W1", "O1", "W2", "O2", None]


class _StandIn:
    """A started worker that records what it ran; the first run that needs
    the warm-up holds its worker until a run that does not has started."""

    def __init__(self, warm: str, log: list, other_started: threading.Event) -> None:
        self.warm, self.proc, self.log, self.other_started = warm, object(), log, other_started

    def run(self, request: RunRequest) -> RunReply:
        self.log.append((self.warm, request.code))
        if request.code == "W1":
            self.log.append(("W1 saw an O run start", self.other_started.wait(10)))
        elif request.code.startswith("O"):
            self.other_started.set()
        return RunReply("timeout", exit=ExitRecord(why=request.code))  # no grader fault: not run again


def test_a_cold_worker_runs_what_it_may_while_the_warm_one_is_busy():
    # Queued: two runs that need the warm worker, then two that do not. Taken
    # in order, one thread per worker, both threads waited for the warm
    # worker (W1, W2) and the cold one stood idle until W1 was done: W1 here
    # waits (10 s at most) for an O run to start while it holds the warm one.
    log: list = []
    other_started = threading.Event()
    with WorkerPool(jobs=2, sandbox="off") as pool:
        real = pool._workers  # never started: put back before the pool closes
        pool._workers = [_StandIn("now", log, other_started), _StandIn("cold", log, other_started)]
        pool._idle = list(pool._workers)
        pool._split = True
        pool.needs_warm = lambda request: request.code.startswith("W")
        try:
            futures = pool.submit_many([RunRequest(setup="", code=c, seed=0, timeout=1.0)
                                        for c in ("W1", "W2", "O1", "O2")])
            replies = [f.result(timeout=60) for f in futures]
        finally:
            pool._workers, pool._idle = real, list(real)
    assert ("W1 saw an O run start", True) in log, log
    ran = sorted(entry for entry in log if entry[0] in ("now", "cold"))
    assert ran == [("cold", "O1"), ("cold", "O2"), ("now", "W1"), ("now", "W2")], log
    assert [r.exit.why for r in replies] == ["W1", "W2", "O1", "O2"]  # each future has its own run's reply
