"""Grade learner code against an exercise's reference solution.

For every trial the setup runs with the trial's seed, then the reference in
one isolated run and the learner's code in another, each rebuilding its own
inputs. Runs send back plain data; the verdicts are computed here (verdict.py,
with the check kinds of kinds/), in a process that never executes learner
code. This module is orchestration: which runs, in which pool, cached how.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from tutor.grade import feedback
from tutor.grade.kinds import kind_of
from tutor.grade.kinds.python import NAMESPACE
from tutor.grade.lazytorch import uses_lazy_torch
from tutor.grade.pool import WorkerPool
from tutor.grade.protocol import Limits, RunReply, RunRequest
from tutor.grade.queued import Queued
from tutor.grade.report import ExerciseResult
from tutor.grade.runkeys import RunKeys, empty_key, learner_key, on_trial, probes_for
from tutor.grade.verdict import TrialRuns, context, exercise_result, grader_fault, judge_trial, missing

DEFAULT_MEMORY = 2 << 30  # bytes per run
DEFAULT_OUTPUT = 1 << 20  # bytes of output per run
EMPTY_CODE = "pass\n"  # what "doing nothing" is graded as, to find free checks
# NOTE [free checks]: points measure progress from the starter. A check that
# code doing nothing ("empty") or the exercise's unchanged starter passes is
# "free": it pays only when the exercise's other checks pass too. Both are run
# once per exercise, on the first trial (docs/pack-format.md, "Doing nothing
# earns nothing").
BASELINES = ("empty", "starter")
JUDGE_TIMEOUT = 30.0  # seconds for a python check's judge run


@dataclass
class Submission:
    exercise: object  # tutor.pack.models.Exercise
    code: str | None  # None: the file is missing
    free_rule: bool = True  # find free checks (NOTE [free checks]; pack check's mutants need not)


def jobs_for(exercise) -> int:
    """Workers worth starting to check one exercise: one per run, at most a core each."""
    return max(1, min(2 * len(exercise.trials), os.cpu_count() or 1))


class Grader:
    def __init__(self, jobs: int | None = None, timeout: float | None = None, device: str = "cpu",
                 memory: int = DEFAULT_MEMORY, sandbox: str = "auto", secrets: tuple[str, ...] = (),
                 warm: bool | str = True, expect: int | None = None, pool: WorkerPool | None = None) -> None:
        # sandbox: "auto" (a learner's own check), "require" (grading untrusted
        # code) or "off"; secrets: host paths no run may see (see sandbox.py);
        # warm: True (before the first run; a small plan warms up on need
        # instead), False or "later" (answer first, a learner's session),
        # "need" (once a run needs it: NOTE [warm on need]); expect: WorkerPool's;
        # pool: one made (and started) already, in place of those five.
        self.pool = pool or WorkerPool(jobs, sandbox=sandbox, secrets=secrets, device=device, warm=warm, expect=expect)
        self.timeout = timeout
        self.device = device
        self.limits = Limits(memory_bytes=memory, output_bytes=DEFAULT_OUTPUT)
        self._reference_cache: dict[tuple, RunReply] = {}
        self._baseline_cache: dict[tuple, RunReply] = {}  # (side, exercise key) -> the empty or starter run
        self._free: dict[tuple, list] = {}  # per exercise: per check, which baseline passes it (or None)
        self._starter_cache: dict[tuple, RunReply] = {}  # NOTE [same code, same run]
        self._queued: set[tuple] = set()  # the cache keys of runs queued and not finished

    def close(self) -> None:
        self.pool.close()

    def __enter__(self) -> "Grader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def plan(self, runs: int, warm: bool = False, needing: int | None = None) -> None:
        """Expect about ``runs`` runs in all (the pool's size follows: NOTE
        [workers worth starting]; ``warm``: their code needs the warm-up;
        ``needing``: how many of them, NOTE [one warm worker]); each
        ``grade`` call plans its own too."""
        self.pool.plan(runs, warm, needing)

    def limit(self, exercise) -> float:
        return self.timeout or exercise.timeout

    def request(self, exercise, code: str, seed: int, side: str, keys: RunKeys | None = None) -> RunRequest:
        probes = keys.probes(exercise, side) if keys else probes_for(exercise, side)
        return RunRequest(setup=exercise.setup, code=code, seed=seed, device=self.device,
                          timeout=self.limit(exercise), probes=on_trial(probes, exercise, seed), limits=self.limits)

    def grade(self, submissions: list[Submission]) -> list[ExerciseResult]:
        """Grade many submissions at once; all runs share the worker pool."""
        return self.finish(self.queue(submissions))

    def queue(self, submissions: list[Submission]) -> Queued:
        """Put ``submissions``' runs on the pool and return at once; ``finish``
        judges them (NOTE [the next batch queued], queued.py)."""
        q = Queued(submissions)
        keys, same, wanted = q.keys, {}, set()  # wanted: each reference and baseline once
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            ex = sub.exercise
            for t, trial in enumerate(ex.trials):
                key = keys.reference(ex, trial.seed)
                if key not in self._reference_cache and key not in wanted:
                    wanted.add(key)
                    q.add((i, t, "reference", self.request(ex, ex.solution, trial.seed, "reference", keys)),
                          self._reference_cache, key, self._queued)
                self._learner_run(q, same, (i, t, "learner"), ex, sub.code)
            # the baselines on the first trial: which checks doing nothing, or the starter, passes
            for side in BASELINES if sub.free_rule else ():
                key = (side, keys.empty(ex))
                if key not in self._baseline_cache and key not in wanted:
                    wanted.add(key)
                    code = EMPTY_CODE if side == "empty" else ex.starter or EMPTY_CODE
                    if key in self._queued:  # another queued grade runs it
                        q.add((i, 0, side, self.request(ex, code, ex.trials[0].seed, "learner", keys)),
                              self._baseline_cache, key, self._queued)
                    else:
                        q.owned.add(key)
                        self._learner_run(q, same, (i, 0, side), ex, code)
        needing = sum(self.pool.needs_warm(job[3]) for job in q.jobs)  # NOTE [warm before a run that needs it]
        self.pool.plan(len(q.jobs), warm=needing > 0 or any(uses_lazy_torch(sub.exercise.setup, sub.exercise.solution)
                                                            for sub in submissions if sub.code is not None),
                       needing=needing)
        self._queued |= q.owned
        skip = "skip-hidden" not in os.environ.get("AGT_BENCH_OFF", "").split(",")  # a benchmark's baseline
        if skip:
            q.hidden_last()  # NOTE [hidden trials after a failed run]
        q.futures = self.pool.submit_many([job[3] for job in q.jobs])
        limit = self.limit
        if skip:
            q.cancel_hidden_after(lambda i, r: bool(feedback.learner_problem(r, limit(submissions[i].exercise))[0]))
        return q

    def finish(self, q: Queued) -> list[ExerciseResult]:
        """The results of a queued grade (NOTE [the next batch queued])."""
        submissions, keys, jobs = q.submissions, q.keys, q.jobs
        try:
            replies = q.replies()
        finally:
            self._queued -= q.owned
        runs: dict[tuple[int, int, str], RunReply] = {}
        late = []
        for job, cache, key in q.deferred:  # made by a grade queued before this one
            if key in cache:
                runs[job[:3]] = cache[key]
            else:  # that grade lost it: run here, as a grade after it would
                late.append(job)
        jobs += late
        replies += self.pool.run_many([job[3] for job in late])
        # Runs still lost after the pool's retries get one more round, once the
        # rest is done: faults come in bursts (a worker restarting is killed
        # again), and a lost reference would cost every student of the batch.
        again = [n for n, reply in enumerate(replies) if reply.grader_fault]
        for n, reply in zip(again, self.pool.run_many([jobs[n][3] for n in again])):
            replies[n] = reply
        lost: dict[tuple, RunReply] = {}  # this grade's lost references and baselines, for every student's
        for (i, t, side, request), reply in zip(jobs, replies):
            runs[(i, t, side)] = reply
            ex = submissions[i].exercise
            if reply.grader_fault:  # never cached: the next grade runs it again
                lost[keys.reference(ex, ex.trials[t].seed) if side == "reference" else (side, keys.empty(ex))] = reply
                continue
            if side == "reference":
                self._reference_cache[keys.reference(ex, ex.trials[t].seed)] = reply
                continue
            if side in BASELINES:
                self._baseline_cache[(side, keys.empty(ex))] = reply
            if request.code == ex.starter and not reply.skipped:
                self._starter_cache[learner_key(ex, ex.trials[t].seed, ex.starter,
                                                keys.probes_text(ex, "learner"))] = reply
        for run, learner, source in q.copies:
            runs[run] = runs[source] if source else self._starter_cache[learner]
            if run[2] in BASELINES and not runs[run].grader_fault:
                self._baseline_cache[(run[2], keys.empty(submissions[run[0]].exercise))] = runs[run]
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            for t, trial in enumerate(sub.exercise.trials):
                runs.setdefault((i, t, "reference"), self._cached(self._reference_cache,
                                                                  keys.reference(sub.exercise, trial.seed), lost))
            for side in BASELINES if sub.free_rule else ():
                runs.setdefault((i, 0, side), self._cached(self._baseline_cache, (side, keys.empty(sub.exercise)),
                                                           lost))
        judged = self._judge_apart(submissions, runs, keys)
        free: dict[tuple, list[bool] | None] = {}
        for i, sub in enumerate(submissions):
            key = keys.empty(sub.exercise)
            if sub.code is not None and sub.free_rule and key not in self._free and key not in free:
                free[key] = self._free_checks(i, sub.exercise, runs, judged)
                if free[key] is not None:
                    self._free[key] = free[key]
        return [self._result(i, sub, runs, judged, free, keys) for i, sub in enumerate(submissions)]

    def _learner_run(self, q: Queued, same: dict, run: tuple, ex, code: str) -> None:
        """Queue learner-side ``run`` (submission, trial, side: "learner" or a
        baseline's), unless the same request already runs or ran: then it
        shares that reply (NOTE [same code, same run]; a learner's unchanged
        starter is its exercise's "starter" baseline, for one)."""
        learner = learner_key(ex, ex.trials[run[1]].seed, code, q.keys.probes_text(ex, "learner"))
        if learner in same or learner in self._starter_cache:
            q.copies.append((run, learner, same.get(learner)))
            return
        same[learner] = run
        job = (*run, self.request(ex, code, ex.trials[run[1]].seed, "learner", q.keys))
        q.add(job, self._starter_cache, learner, self._queued if code == ex.starter else None)

    @staticmethod
    def _cached(cache: dict, key: tuple, lost: dict) -> RunReply:
        # A run lost in this very grade (and so not cached) stays lost here, with its words.
        return cache.get(key) or lost.get(key) or RunReply.lost("the grader lost this run")

    def _result(self, i: int, sub: Submission, runs: dict, judged: dict, free: dict, keys: RunKeys) -> ExerciseResult:
        ex = sub.exercise
        if sub.code is None:
            return missing(ex)
        trials = [TrialRuns(trial, runs[(i, t, "reference")], runs[(i, t, "learner")],
                            {c: v for (j, c, tt), v in judged.items() if j == i and tt == t})
                  for t, trial in enumerate(ex.trials)]
        lost = next((v for (j, _, t), v in judged.items() if j == i and t not in BASELINES
                     and isinstance(v, RunReply)), None)
        if lost is not None:
            return grader_fault(ex, lost)
        if not sub.free_rule:
            return exercise_result(ex, sub.code, trials, [None] * len(ex.checks), self.limit(ex))
        known = self._free.get(keys.empty(ex))  # free_checks(ex), its key worked out once
        if known is None and free.get(keys.empty(ex)) is None:
            # Which checks doing nothing passes is unknown (its run was lost):
            # points cannot be given fairly, so the exercise is not graded.
            return grader_fault(ex, next((runs[(i, 0, side)] for side in BASELINES if runs[(i, 0, side)].grader_fault),
                                         runs[(i, 0, "reference")]))
        return exercise_result(ex, sub.code, trials, known or free[keys.empty(ex)], self.limit(ex))

    def free_checks(self, exercise) -> list | None:
        """Per check, the baseline ("empty" or "starter") that already passes
        it, or None (known once the exercise was graded)."""
        return self._free.get(empty_key(exercise))

    def _free_checks(self, i: int, exercise, runs: dict, judged: dict) -> list | None:
        """NOTE [free checks], judged on the first trial. None: unknown (a
        baseline's run, or its reference, was lost)."""
        reference = runs[(i, 0, "reference")]
        free: list = [None] * len(exercise.checks)
        for side in BASELINES:
            run = runs[(i, 0, side)]
            if run.grader_fault or reference.grader_fault or any(
                    isinstance(v, RunReply) for (j, _, t), v in judged.items() if j == i and t == side):
                return None
            problem, error = feedback.learner_problem(run, self.limit(exercise))
            if feedback.reference_problem(reference, exercise.trials[0]) or problem:
                continue
            runs0 = TrialRuns(exercise.trials[0], reference, run,
                              {c: v for (j, c, t), v in judged.items() if j == i and t == side})
            for c, (ok, _) in enumerate(judge_trial(exercise, runs0, context(exercise, reference, run, error))):
                free[c] = free[c] or (side if ok else None)
        return free

    def _judge_apart(self, submissions, runs, run_keys: RunKeys) -> dict:
        """Checks judged in a run of their own (python assertions), over both
        namespaces' plain data: {(submission, check, trial or baseline): probe data,
        or the RunReply of a judge run that was lost}."""
        requests, keys = [], []
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            for c, check in enumerate(sub.exercise.checks):
                kind = kind_of(check)
                if not kind.separate_run:
                    continue
                pairs = [(t, runs[(i, t, "learner")]) for t in range(len(sub.exercise.trials))]
                if sub.free_rule and run_keys.empty(sub.exercise) not in self._free:
                    pairs += [(side, runs[(i, 0, side)]) for side in BASELINES]
                for t, run in pairs:
                    learner = _namespace(run)
                    reference = _namespace(runs[(i, 0 if t in BASELINES else t, "reference")])
                    if learner is None or reference is None:
                        continue
                    requests.append(RunRequest(setup="", code="", seed=0, timeout=JUDGE_TIMEOUT,
                                               probes=(kind.assertion_probe(check),), limits=self.limits,
                                               bind={"learner": learner, "reference": reference}))
                    keys.append((i, c, t))
        out: dict = {}
        for key, reply in zip(keys, self.pool.run_many(requests)):
            probe = reply.probes().get("ok", {})
            # A judge run the grader lost is kept as its reply: no verdict rests on it.
            out[key] = reply if reply.grader_fault else probe if isinstance(probe, dict) else {}
        return out


def _namespace(run: RunReply) -> dict | None:
    probe = run.probes().get(NAMESPACE)
    if isinstance(probe, dict) and probe.get("t") == "namespace" and isinstance(probe.get("values"), dict):
        return probe["values"]
    return None
