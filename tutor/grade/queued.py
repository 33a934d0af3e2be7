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

from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from tutor.grade.protocol import RunReply
from tutor.grade.runkeys import RunKeys

# NOTE [hidden trials after a failed run]: a run that fails as a whole (its
# time limit, a crash, no result: feedback.learner_problem) fails every
# check of its trial, and a hidden trial after it can change nothing a
# report says: every check has failed already, with the visible trial's
# words first, and a hidden trial's time, output and words never show
# (verdict.exercise_result). A class's hanging code waited out its time
# limit once per trial. So a batch queues its learner runs of hidden trials
# after its other runs, and a visible trial's run that failed so cancels the
# hidden runs of the later trials of the same submission that no worker took
# yet (the pool skips a cancelled run: WorkerPool._run_queued); ``finish``
# reads those as ``RunReply.skip()``, judged as no trial and never cached.
# A lost run (the grader's fault) cancels nothing: it is run again.


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

    def hidden_last(self) -> None:
        """Queue the learner runs of hidden trials after every other run of the batch (stable)."""
        self.jobs.sort(key=self._hidden_learner)

    def cancel_hidden_after(self, failed: Callable[[int, RunReply], bool]) -> None:
        """Once ``futures`` are made: a visible trial's learner run for which
        ``failed(submission, reply)`` holds cancels the later hidden ones."""
        hidden: dict[int, list] = {}
        for job, future in zip(self.jobs, self.futures):
            if self._hidden_learner(job):
                hidden.setdefault(job[0], []).append((job[1], future))
        for job, future in zip(self.jobs, self.futures):
            if job[0] in hidden and job[2] == "learner" and not self._hidden_learner(job):
                later = [f for t, f in hidden[job[0]] if t > job[1]]
                if later:
                    future.add_done_callback(partial(_cancel_if_failed, failed, job[0], later))

    def replies(self) -> list[RunReply]:
        """The pool's replies, in ``jobs`` order; a cancelled run reads as skipped."""
        return [RunReply.skip() if future.cancelled() else future.result() for future in self.futures]

    def _hidden_learner(self, job: tuple) -> bool:
        return job[2] == "learner" and self.submissions[job[0]].exercise.trials[job[1]].hidden

    def add(self, job: tuple, cache: dict, key: tuple, queued: set | None) -> None:
        """Run ``job``; where ``queued`` (keys another queued grade's runs
        will put in ``cache``) holds ``key``, ``finish`` takes that reply."""
        if queued is not None and key in queued:
            self.deferred.append((job, cache, key))
            return
        self.jobs.append(job)
        if queued is not None:
            self.owned.add(key)


def _cancel_if_failed(failed, submission: int, later: list, done: Future) -> None:
    if done.cancelled() or done.exception() is not None:
        return
    reply = done.result()
    if not reply.grader_fault and failed(submission, reply):
        for future in later:
            future.cancel()  # False once a worker took it: that run goes on
