"""A grade whose runs are on the pool and not yet judged. Torch-free.

NOTE [the next batch queued]
A class is graded in batches (classroom.BATCH students), and judging a
batch and writing its partial report is the grade process's own work, done
while the workers would wait: some 6 % of a class's wall time on two
cores. So ``Grader.grade`` is ``finish(queue(...))``: ``queue`` builds a
batch's runs and puts them on the pool (``WorkerPool.submit_many``, whose
threads take runs in the order queued), and the class queues batch k + 1
before it finishes batch k. Verdicts do not change: a run that another
queued batch makes already (a reference, a baseline, an unchanged starter:
the runs the grader caches) is not queued twice but *deferred*, and
``finish`` takes its reply from the cache, filled by that batch's
``finish`` before this one's; where that batch lost it, ``finish`` runs it
then, as a grade started after that batch's would have. Batches are
finished in the order queued (a batch finished out of order runs what it
deferred itself: slower, never wrong).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.grade.runkeys import RunKeys


@dataclass(eq=False)
class Queued:
    """A grade whose runs are on the pool (``Grader.queue``), to be judged (``Grader.finish``)."""

    submissions: list  # of grader.Submission
    keys: RunKeys = field(default_factory=RunKeys)
    jobs: list = field(default_factory=list)  # (submission, trial, side, request): the runs it makes
    deferred: list = field(default_factory=list)  # (job, cache, key): runs another queued grade makes
    copies: list = field(default_factory=list)  # (run, learner key, the run answering it; None: the cache's)
    owned: set = field(default_factory=set)  # cache keys of its runs that other grades may wait for
    futures: list = field(default_factory=list)  # the pool's, one per job

    def add(self, job: tuple, cache: dict, key: tuple, queued: set | None) -> None:
        """Run ``job``; where ``queued`` (keys another queued grade's runs
        will put in ``cache``) holds ``key``, ``finish`` takes that reply."""
        if queued is not None and key in queued:
            self.deferred.append((job, cache, key))
            return
        self.jobs.append(job)
        if queued is not None:
            self.owned.add(key)
