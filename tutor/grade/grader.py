"""Grade learner code against an exercise's reference solution.

For every trial the setup runs with the trial's seed, then the reference in
one isolated run and the learner's code in another, each rebuilding its own
inputs. Runs send back plain data; the verdicts are computed here (verdict.py,
with the check kinds of kinds/), in a process that never executes learner
code. This module is orchestration: which runs, in which pool, cached how.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

from tutor.grade import feedback
from tutor.grade.kinds import kind_of
from tutor.grade.kinds.python import NAMESPACE
from tutor.grade.pool import WorkerPool, uses_lazy_torch
from tutor.grade.protocol import Limits, Probe, RunReply, RunRequest
from tutor.grade.report import ExerciseResult
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
# NOTE [same code, same run]: a run is a function of its request, and each
# starts from the same pristine worker in a sandbox of its own. So learner
# code byte for byte another submission's (same exercise, same trial) runs
# once per grade, its reply shared as a reference's is; an unchanged starter
# runs once per grader (kept per exercise and trial: bounded by the pack).
# Code that varies run to run (the clock, os.urandom) gets one draw for all
# its copies. Only exact bytes count: line numbers reach tracebacks.


@dataclass
class Submission:
    exercise: object  # tutor.pack.models.Exercise
    code: str | None  # None: the file is missing
    free_rule: bool = True  # find free checks (NOTE [free checks]; pack check's mutants need not)


def jobs_for(exercise) -> int:
    """Workers worth starting to check one exercise: one per run, at most a core each."""
    return max(1, min(2 * len(exercise.trials), os.cpu_count() or 1))


def probes_for(exercise, side: str) -> tuple[Probe, ...]:
    """What a run on ``side`` ("reference" or "learner") must read: each
    check kind's probes (shared keys read once), then the observers' record
    with what the kinds asked them to watch."""
    probes: dict[str, Probe] = {}
    unchanged: set[str] = set()
    saved = False
    options: dict = {}
    for c, check in enumerate(exercise.checks):
        kind = kind_of(check)
        for probe in kind.probes(check, f"c{c}", exercise, side):
            probes.setdefault(probe.key, probe)
        watch = kind.observe(check)
        unchanged.update(watch.get("unchanged", ()))
        if "inputs" in watch:
            options["inputs"] = sorted(watch["inputs"])
        saved = saved or bool(watch.get("saved"))
    if unchanged:
        options["unchanged"] = sorted(unchanged)
    if saved:
        options["saved"] = True
    return (*probes.values(), Probe("observed", "observed", options=options))


class Grader:
    def __init__(self, jobs: int | None = None, timeout: float | None = None, device: str = "cpu",
                 memory: int = DEFAULT_MEMORY, sandbox: str = "auto", secrets: tuple[str, ...] = (),
                 warm: bool | str = True, expect: int | None = None) -> None:
        # sandbox: "auto" (a learner's own check), "require" (grading untrusted
        # code) or "off"; secrets: host paths no run may see (see sandbox.py);
        # warm: True (before the first run; a small plan warms up on need
        # instead), False or "later" (answer first, a learner's session),
        # "need" (once a run needs it: NOTE [warm on need]); expect: WorkerPool's.
        self.pool = WorkerPool(jobs, sandbox=sandbox, secrets=secrets, device=device, warm=warm, expect=expect)
        self.timeout = timeout
        self.device = device
        self.limits = Limits(memory_bytes=memory, output_bytes=DEFAULT_OUTPUT)
        self._reference_cache: dict[tuple, RunReply] = {}
        self._baseline_cache: dict[tuple, RunReply] = {}  # (side, exercise key) -> the empty or starter run
        self._free: dict[tuple, list] = {}  # per exercise: per check, which baseline passes it (or None)
        self._starter_cache: dict[tuple, RunReply] = {}  # NOTE [same code, same run]

    def close(self) -> None:
        self.pool.close()

    def __enter__(self) -> "Grader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def plan(self, runs: int, warm: bool = False) -> None:
        """Expect about ``runs`` runs in all (the pool's size follows: NOTE
        [workers worth starting]; ``warm``: their code needs the warm-up);
        each ``grade`` call plans its own too."""
        self.pool.plan(runs, warm)

    def limit(self, exercise) -> float:
        return self.timeout or exercise.timeout

    def request(self, exercise, code: str, seed: int, side: str) -> RunRequest:
        return RunRequest(setup=exercise.setup, code=code, seed=seed, device=self.device,
                          timeout=self.limit(exercise), probes=probes_for(exercise, side), limits=self.limits)

    def grade(self, submissions: list[Submission]) -> list[ExerciseResult]:
        """Grade many submissions at once; all runs share the worker pool."""
        jobs: list[tuple[int, int, str, RunRequest]] = []  # (submission, trial, side, request)
        wanted: set[tuple] = set()  # each reference run once per (exercise, seed)
        same: dict[tuple, tuple[int, int]] = {}  # learner key -> the (submission, trial) whose run it is
        copies: list[tuple[int, int, tuple]] = []  # learner runs another's reply answers
        probes: dict[int, str] = {}  # per exercise (by identity): its learner probes, for the keys
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            ex = sub.exercise
            for t, trial in enumerate(ex.trials):
                key = _reference_key(ex, trial.seed)
                if key not in self._reference_cache and key not in wanted:
                    wanted.add(key)
                    jobs.append((i, t, "reference", self.request(ex, ex.solution, trial.seed, "reference")))
                if id(ex) not in probes:
                    probes[id(ex)] = _probes_text(ex, "learner")
                learner = _learner_key(ex, trial.seed, sub.code, probes[id(ex)])
                if learner in same or learner in self._starter_cache:
                    copies.append((i, t, learner))
                    continue
                same[learner] = (i, t)
                jobs.append((i, t, "learner", self.request(ex, sub.code, trial.seed, "learner")))
            # the baselines on the first trial: which checks doing nothing, or the starter, passes
            for side in BASELINES if sub.free_rule else ():
                key = (side, _empty_key(ex))
                if key not in self._baseline_cache and key not in wanted:
                    wanted.add(key)
                    code = EMPTY_CODE if side == "empty" else ex.starter or EMPTY_CODE
                    jobs.append((i, 0, side, self.request(ex, code, ex.trials[0].seed, "learner")))
        self.plan(len(jobs), warm=any(uses_lazy_torch(sub.exercise.setup, sub.exercise.solution)
                                      for sub in submissions))
        replies = self.pool.run_many([job[3] for job in jobs])
        # Runs still lost after the pool's retries get one more round, once the
        # rest is done: faults come in bursts (a worker restarting is killed
        # again), and a lost reference would cost every student of the batch.
        again = [n for n, reply in enumerate(replies) if reply.grader_fault]
        for n, reply in zip(again, self.pool.run_many([jobs[n][3] for n in again])):
            replies[n] = reply
        runs: dict[tuple[int, int, str], RunReply] = {}
        for (i, t, side, _), reply in zip(jobs, replies):
            runs[(i, t, side)] = reply
            ex = submissions[i].exercise
            if reply.grader_fault:
                continue  # never cached: the next grade runs it again
            if side == "reference":
                self._reference_cache[_reference_key(ex, ex.trials[t].seed)] = reply
            elif side in BASELINES:
                self._baseline_cache[(side, _empty_key(ex))] = reply
            elif submissions[i].code == ex.starter:
                self._starter_cache[_learner_key(ex, ex.trials[t].seed, ex.starter, probes[id(ex)])] = reply
        for i, t, learner in copies:
            first = same.get(learner)
            runs[(i, t, "learner")] = runs[(*first, "learner")] if first is not None else self._starter_cache[learner]
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            for t, trial in enumerate(sub.exercise.trials):
                runs.setdefault((i, t, "reference"), self._cached(self._reference_cache,
                                                                  _reference_key(sub.exercise, trial.seed)))
            for side in BASELINES if sub.free_rule else ():
                runs.setdefault((i, 0, side), self._cached(self._baseline_cache, (side, _empty_key(sub.exercise))))
        judged = self._judge_apart(submissions, runs)
        free: dict[tuple, list[bool] | None] = {}
        for i, sub in enumerate(submissions):
            key = _empty_key(sub.exercise)
            if sub.code is not None and sub.free_rule and key not in self._free and key not in free:
                free[key] = self._free_checks(i, sub.exercise, runs, judged)
                if free[key] is not None:
                    self._free[key] = free[key]
        return [self._result(i, sub, runs, judged, free) for i, sub in enumerate(submissions)]

    @staticmethod
    def _cached(cache: dict, key: tuple) -> RunReply:
        # A run lost in this very grade (and so not cached) stays lost here.
        return cache.get(key) or RunReply.lost("the grader lost this run")

    def _result(self, i: int, sub: Submission, runs: dict, judged: dict, free: dict) -> ExerciseResult:
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
        known = self.free_checks(ex)
        if known is None and free.get(_empty_key(ex)) is None:
            # Which checks doing nothing passes is unknown (its run was lost):
            # points cannot be given fairly, so the exercise is not graded.
            return grader_fault(ex, next((runs[(i, 0, side)] for side in BASELINES if runs[(i, 0, side)].grader_fault),
                                         runs[(i, 0, "reference")]))
        return exercise_result(ex, sub.code, trials, known or free[_empty_key(ex)], self.limit(ex))

    def free_checks(self, exercise) -> list | None:
        """Per check, the baseline ("empty" or "starter") that already passes
        it, or None (known once the exercise was graded)."""
        return self._free.get(_empty_key(exercise))

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

    def _judge_apart(self, submissions, runs) -> dict:
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
                if sub.free_rule and _empty_key(sub.exercise) not in self._free:
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


def _reference_key(exercise, seed: int) -> tuple:
    """What a reference run depends on: the same key, the same data back."""
    return (exercise.id, seed, exercise.setup, exercise.solution, _probes_text(exercise, "reference"))


def _probes_text(exercise, side: str) -> str:  # the probes a run on ``side`` reads, for a key
    return json.dumps([p.to_wire() for p in probes_for(exercise, side)], sort_keys=True)


def _learner_key(exercise, seed: int, code: str, probes: str) -> tuple:
    """What a learner's run depends on besides the grader's own settings
    (NOTE [same code, same run]); ``probes``: ``_probes_text(exercise, "learner")``."""
    return (exercise.id, seed, exercise.setup, exercise.timeout, probes, code)


def _empty_key(exercise) -> tuple:
    """What the baselines' runs (and the free checks found from them) depend on."""
    checks = json.dumps([c.model_dump(mode="json", by_alias=True) for c in exercise.checks], sort_keys=True)
    return (exercise.id, exercise.trials[0].seed, exercise.setup, exercise.solution, exercise.starter, checks,
            json.dumps(exercise.tolerance.model_dump(exclude_none=True), sort_keys=True))


def _namespace(run: RunReply) -> dict | None:
    probe = run.probes().get(NAMESPACE)
    if isinstance(probe, dict) and probe.get("t") == "namespace" and isinstance(probe.get("values"), dict):
        return probe["values"]
    return None
