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
from tutor.grade.pool import WorkerPool
from tutor.grade.protocol import Limits, Probe, RunReply, RunRequest
from tutor.grade.report import ExerciseResult
from tutor.grade.verdict import TrialRuns, context, exercise_result, grader_fault, judge_trial, missing

DEFAULT_MEMORY = 2 << 30  # bytes per run
DEFAULT_OUTPUT = 1 << 20  # bytes of output per run
EMPTY_CODE = "pass\n"  # what "doing nothing" is graded as, to find free checks
JUDGE_TIMEOUT = 30.0  # seconds for a python check's judge run


@dataclass
class Submission:
    exercise: object  # tutor.pack.models.Exercise
    code: str | None  # None: the file is missing
    free_rule: bool = True  # find free checks with the empty code (pack check's mutants need not)


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
    for c, check in enumerate(exercise.checks):
        kind = kind_of(check)
        for probe in kind.probes(check, f"c{c}", exercise, side):
            probes.setdefault(probe.key, probe)
        watch = kind.observe(check)
        unchanged.update(watch.get("unchanged", ()))
        saved = saved or bool(watch.get("saved"))
    options: dict = {}
    if unchanged:
        options["unchanged"] = sorted(unchanged)
    if saved:
        options["saved"] = True
    return (*probes.values(), Probe("observed", "observed", options=options))


class Grader:
    def __init__(self, jobs: int | None = None, timeout: float | None = None, device: str = "cpu",
                 memory: int = DEFAULT_MEMORY, sandbox: str = "auto", secrets: tuple[str, ...] = (),
                 warm: bool = True) -> None:
        # sandbox: "auto" (a learner's own check), "require" (grading untrusted
        # code) or "off"; secrets: host paths no run may see (see sandbox.py);
        # warm=False: workers answer before warming torch.func up (one check).
        self.pool = WorkerPool(jobs, sandbox=sandbox, secrets=secrets, device=device, warm=warm)
        self.timeout = timeout
        self.device = device
        self.limits = Limits(memory_bytes=memory, output_bytes=DEFAULT_OUTPUT)
        self._reference_cache: dict[tuple, RunReply] = {}
        self._empty_cache: dict[tuple, RunReply] = {}  # the empty code's run, per exercise (first trial)
        self._free: dict[tuple, list[bool]] = {}  # per exercise: which checks the empty code passes

    def close(self) -> None:
        self.pool.close()

    def __enter__(self) -> "Grader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def limit(self, exercise) -> float:
        return self.timeout or exercise.timeout

    def request(self, exercise, code: str, seed: int, side: str) -> RunRequest:
        return RunRequest(setup=exercise.setup, code=code, seed=seed, device=self.device,
                          timeout=self.limit(exercise), probes=probes_for(exercise, side), limits=self.limits)

    def grade(self, submissions: list[Submission]) -> list[ExerciseResult]:
        """Grade many submissions at once; all runs share the worker pool."""
        jobs: list[tuple[int, int, str, RunRequest]] = []  # (submission, trial, side, request)
        wanted: set[tuple] = set()  # each reference run once per (exercise, seed)
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            ex = sub.exercise
            for t, trial in enumerate(ex.trials):
                key = _reference_key(ex, trial.seed)
                if key not in self._reference_cache and key not in wanted:
                    wanted.add(key)
                    jobs.append((i, t, "reference", self.request(ex, ex.solution, trial.seed, "reference")))
                jobs.append((i, t, "learner", self.request(ex, sub.code, trial.seed, "learner")))
            # the empty code on the first trial: which checks doing nothing passes
            key = _empty_key(ex)
            if sub.free_rule and key not in self._empty_cache and key not in wanted:
                wanted.add(key)
                jobs.append((i, 0, "empty", self.request(ex, EMPTY_CODE, ex.trials[0].seed, "learner")))
        runs: dict[tuple[int, int, str], RunReply] = {}
        for (i, t, side, _), reply in zip(jobs, self.pool.run_many([job[3] for job in jobs])):
            runs[(i, t, side)] = reply
            ex = submissions[i].exercise
            if reply.grader_fault:
                continue  # never cached: the next grade runs it again
            if side == "reference":
                self._reference_cache[_reference_key(ex, ex.trials[t].seed)] = reply
            elif side == "empty":
                self._empty_cache[_empty_key(ex)] = reply
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            for t, trial in enumerate(sub.exercise.trials):
                runs.setdefault((i, t, "reference"), self._cached(self._reference_cache,
                                                                  _reference_key(sub.exercise, trial.seed)))
            if sub.free_rule:
                runs.setdefault((i, 0, "empty"), self._cached(self._empty_cache, _empty_key(sub.exercise)))
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
        if not sub.free_rule:
            return exercise_result(ex, sub.code, trials, [False] * len(ex.checks), self.limit(ex))
        known = self.free_checks(ex)
        if known is None and free.get(_empty_key(ex)) is None:
            # Which checks doing nothing passes is unknown (its run was lost):
            # points cannot be given fairly, so the exercise is not graded.
            return grader_fault(ex, runs[(i, 0, "empty")])
        return exercise_result(ex, sub.code, trials, known or free[_empty_key(ex)], self.limit(ex))

    def free_checks(self, exercise) -> list[bool] | None:
        """Which of the exercise's checks the empty code passes (known once it was graded)."""
        return self._free.get(_empty_key(exercise))

    def _free_checks(self, i: int, exercise, runs: dict, judged: dict) -> list[bool] | None:
        """A check is free when code that does nothing passes it on the first
        trial. None: unknown, the empty code's run (or its reference) was lost."""
        empty, reference = runs[(i, 0, "empty")], runs[(i, 0, "reference")]
        if empty.grader_fault or reference.grader_fault:
            return None
        problem, error = feedback.learner_problem(empty, self.limit(exercise))
        if feedback.reference_problem(reference, exercise.trials[0]) or problem:
            return [False] * len(exercise.checks)
        runs0 = TrialRuns(exercise.trials[0], reference, empty,
                          {c: v for (j, c, t), v in judged.items() if j == i and t == "empty"})
        return [ok for ok, _ in judge_trial(exercise, runs0, context(exercise, reference, empty, error))]

    def _judge_apart(self, submissions, runs) -> dict:
        """Checks judged in a run of their own (python assertions), over both
        namespaces' plain data: {(submission, check, trial or "empty"): probe data}."""
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
                    pairs.append(("empty", runs[(i, 0, "empty")]))
                for t, run in pairs:
                    learner = _namespace(run)
                    reference = _namespace(runs[(i, 0 if t == "empty" else t, "reference")])
                    if learner is None or reference is None:
                        continue
                    requests.append(RunRequest(setup="", code="", seed=0, timeout=JUDGE_TIMEOUT,
                                               probes=(kind.assertion_probe(check),), limits=self.limits,
                                               bind={"learner": learner, "reference": reference}))
                    keys.append((i, c, t))
        out = {}
        for key, reply in zip(keys, self.pool.run_many(requests)):
            probe = reply.probes().get("ok", {})
            out[key] = probe if isinstance(probe, dict) else {}
        return out


def _reference_key(exercise, seed: int) -> tuple:
    """What a reference run depends on: the same key, the same data back."""
    probes = json.dumps([p.to_wire() for p in probes_for(exercise, "reference")], sort_keys=True)
    return (exercise.id, seed, exercise.setup, exercise.solution, probes)


def _empty_key(exercise) -> tuple:
    """What the empty code's run (and the free checks found from it) depends on."""
    checks = json.dumps([c.model_dump(mode="json", by_alias=True) for c in exercise.checks], sort_keys=True)
    return (exercise.id, exercise.trials[0].seed, exercise.setup, exercise.solution, checks,
            json.dumps(exercise.tolerance.model_dump(exclude_none=True), sort_keys=True))


def _namespace(run: RunReply) -> dict | None:
    probe = run.probes().get(NAMESPACE)
    if isinstance(probe, dict) and probe.get("t") == "namespace" and isinstance(probe.get("values"), dict):
        return probe["values"]
    return None
