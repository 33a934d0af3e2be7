"""Runs queued for a pool's workers, each taken by the first worker free
that may run it (NOTE [no worker waits for another's run])."""

from __future__ import annotations

from collections import deque

# NOTE [one warm worker]: in a grade that warms up, most runs never use what
# the warm-up loads (the built-in pack: 40 of 248 runs of a student). So
# where those runs are few enough for one worker (``needing`` at most half a
# worker's share of the plan) and every worker is used, one worker warms up
# ("now") and the others start "cold": they fold their heap as "now" does
# (NOTE [collapse pays], hugepages.py) and warm up only once a run needs it, as
# "need". Runs whose text calls what the warm-up loads (``needs_warm``) wait
# for the warm worker, in every later plan too (a pack check plans each
# exercise); the others go to a cold one first. A reading of the text:
# wrong either way, it costs speed only (a cold worker warms on need):
# lazytorch.py.
#
# NOTE [no worker waits for another's run]: runs were taken in the order
# queued, one thread per worker, each thread waiting for a worker that may
# run the run it took. Where two runs in a row need the warm-up, both
# threads waited for the warm worker while the cold one stood idle: 30 % of
# a class's grade (a class of 24, `grade`: the cold worker in a run 70 % of
# the time, the warm one 99 %). Now a worker that comes free takes the
# oldest run it may run: the warm one those that need the warm-up first,
# the others those that do not. Every run is still taken once, and those of
# one kind in the order queued.


class RunQueue:
    """Queued runs (any objects), kept apart by whether they need the warm worker."""

    def __init__(self) -> None:
        self._warm: deque = deque()  # runs that need the warm worker
        self._other: deque = deque()  # every other run

    def __len__(self) -> int:
        return len(self._warm) + len(self._other)

    def put(self, run: object, needs_warm: bool) -> None:
        (self._warm if needs_warm else self._other).append(run)

    def take(self, warm_worker: bool) -> object | None:
        """The run a worker free now takes, or None: a warm worker takes the
        oldest run that needs it, else the oldest other; a cold one only
        runs that do not need it. A pool without a split queues every run as
        one that does not: any worker takes them in the order queued."""
        if warm_worker and self._warm:
            return self._warm.popleft()
        return self._other.popleft() if self._other else None
