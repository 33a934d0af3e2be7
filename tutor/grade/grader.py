"""Grade learner code against an exercise's reference solution.

For every trial the setup runs with the trial's seed, then the reference in
one isolated run and the learner's code in another, each rebuilding its own
inputs. Runs send back plain data; the verdicts are computed here, in a
process that never executes learner code.
"""

from __future__ import annotations

import json
import os
import signal
import time
from dataclasses import dataclass

from tutor.grade import checks as C
from tutor.grade.misconceptions import explain
from tutor.grade.pool import WorkerPool
from tutor.grade.report import CheckResult, ExerciseResult

DEFAULT_MEMORY = 2 << 30  # bytes per run
DEFAULT_OUTPUT = 1 << 20  # bytes of output per run
_FLAG_KINDS = ("leaf", "requires_grad", "retains_grad")


@dataclass
class Submission:
    exercise: object  # tutor.pack.models.Exercise
    code: str | None  # None: the file is missing


def jobs_for(exercise) -> int:
    """Workers worth starting to check one exercise: one per run, at most a core each."""
    return max(1, min(2 * len(exercise.trials), os.cpu_count() or 1))


class Grader:
    def __init__(self, jobs: int | None = None, timeout: float | None = None, device: str = "cpu",
                 memory: int = DEFAULT_MEMORY) -> None:
        self.pool = WorkerPool(jobs)
        self.timeout = timeout
        self.device = device
        self.memory = memory
        self._reference_cache: dict[tuple, dict] = {}

    def close(self) -> None:
        self.pool.close()

    def __enter__(self) -> "Grader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ requests

    def _request(self, exercise, code: str, seed: int, side: str) -> dict:
        return {
            "setup": exercise.setup,
            "code": code,
            "seed": seed,
            "device": self.device,
            "timeout": self.timeout or exercise.timeout,
            "probes": _probes(exercise, side),
            "limits": {"memory_bytes": self.memory, "output_bytes": DEFAULT_OUTPUT},
        }

    def grade(self, submissions: list[Submission]) -> list[ExerciseResult]:
        """Grade many submissions at once; all runs share the worker pool."""
        jobs: list[tuple[int, int, str, dict]] = []  # (submission, trial, side, request)
        wanted: set[tuple] = set()  # each reference run once per (exercise, seed)
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            for t, trial in enumerate(sub.exercise.trials):
                key = _reference_key(sub.exercise, trial.seed)
                if key not in self._reference_cache and key not in wanted:
                    wanted.add(key)
                    jobs.append((i, t, "reference", self._request(sub.exercise, sub.exercise.solution, trial.seed,
                                                                    "reference")))
                jobs.append((i, t, "learner", self._request(sub.exercise, sub.code, trial.seed, "learner")))
        started = time.monotonic()
        replies = self.pool.run_many([job[3] for job in jobs])
        runs: dict[tuple[int, int, str], dict] = {}
        for (i, t, side, _), reply in zip(jobs, replies):
            runs[(i, t, side)] = reply
            if side == "reference":
                ex = submissions[i].exercise
                self._reference_cache[_reference_key(ex, ex.trials[t].seed)] = reply
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            for t, trial in enumerate(sub.exercise.trials):
                runs.setdefault((i, t, "reference"), self._reference_cache[_reference_key(sub.exercise, trial.seed)])
        judged = self._judge_python_checks(submissions, runs)
        elapsed = time.monotonic() - started
        return [self._verdict(i, sub, runs, judged, elapsed / max(len(submissions), 1))
                for i, sub in enumerate(submissions)]

    def _judge_python_checks(self, submissions, runs) -> dict:
        """Python assertions run in a sandbox of their own over both namespaces' data."""
        requests, keys = [], []
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            for c, check in enumerate(sub.exercise.checks):
                if check.kind != "python":
                    continue
                for t, _trial in enumerate(sub.exercise.trials):
                    learner = _namespace(runs[(i, t, "learner")])
                    reference = _namespace(runs[(i, t, "reference")])
                    if learner is None or reference is None:
                        continue
                    requests.append({
                        "setup": "", "code": "", "seed": 0, "device": "cpu", "timeout": 30,
                        "bind": {"learner": learner, "reference": reference},
                        "probes": [{"key": "ok", "kind": "value", "expr": f"bool({check.assert_})"}],
                        "limits": {"memory_bytes": self.memory, "output_bytes": DEFAULT_OUTPUT},
                    })
                    keys.append((i, c, t))
        out = {}
        for key, reply in zip(keys, self.pool.run_many(requests)):
            probe = ((reply.get("payload") or {}).get("probes") or {}).get("ok", {})
            out[key] = probe
        return out

    # ------------------------------------------------------------- verdict

    def _verdict(self, i: int, sub: Submission, runs: dict, judged: dict, elapsed: float) -> ExerciseResult:
        exercise = sub.exercise
        max_points = exercise.max_points
        scale = max_points / (sum(c.points for c in exercise.checks) or 1)
        if sub.code is None:
            return ExerciseResult(exercise.id, "missing", 0.0, max_points,
                                  [CheckResult(C.label(c), c.kind, False, "no submission", 0.0, c.points * scale)
                                   for c in exercise.checks],
                                  error=f"no file {exercise.id}.py was submitted")
        tolerance = exercise.tolerance.model_dump(exclude_none=True)
        status_flags: set[str] = set()
        error_text = ""
        verdicts: list[list[tuple[bool, str]]] = [[] for _ in exercise.checks]
        for t, trial in enumerate(exercise.trials):
            reference = runs[(i, t, "reference")]
            learner = runs[(i, t, "learner")]
            problem = _reference_problem(reference, trial)
            if problem:
                return ExerciseResult(exercise.id, "error", 0.0, max_points,
                                      [CheckResult(C.label(c), c.kind, False, problem, 0.0, c.points * scale)
                                       for c in exercise.checks], error=problem)
            run_problem, learner_error = _learner_problem(learner, self.timeout or exercise.timeout)
            if run_problem:
                status_flags.add("timeout" if learner["status"] == "timeout" else "error")
                error_text = error_text or run_problem
                for v in verdicts:
                    v.append((False, run_problem if not trial.hidden else "failed on a hidden trial: " + run_problem))
                continue
            ctx = C.Context(hidden=trial.hidden, tolerance=tolerance, learner_error=learner_error)
            ref_probes = reference["payload"].get("probes", {})
            your_probes = learner["payload"].get("probes", {})
            for c, check in enumerate(exercise.checks):
                key = f"c{c}"
                verdicts[c].append(_judge(check, ref_probes.get(key, {}), your_probes.get(key, {}), ctx,
                                          judged.get((i, c, t))))
            if learner_error and not any(c.kind == "raises" for c in exercise.checks):
                status_flags.add("error")
                error_text = error_text or _error_text(learner_error, trial.hidden)
        results = []
        for check, outcomes in zip(exercise.checks, verdicts):
            passed = bool(outcomes) and all(ok for ok, _ in outcomes)
            message = next((m for ok, m in outcomes if not ok), "")
            results.append(CheckResult(C.label(check), check.kind, passed, message,
                                       check.points * scale if passed else 0.0, check.points * scale))
        score = sum(r.score for r in results)
        if "timeout" in status_flags:
            status = "timeout"
        elif "error" in status_flags:
            status = "error"
        else:
            status = "passed" if all(r.passed for r in results) else "failed"
        first = runs[(i, 0, "learner")]
        return ExerciseResult(exercise.id, status, score, max_points, results, error=error_text,
                              output=first.get("output", ""), elapsed=elapsed,
                              graphs=_graph_payloads(i, exercise, runs))


def _graph_payloads(i: int, exercise, runs: dict) -> dict:
    """Both snapshots of each graph check, from the first visible trial."""
    visible = [t for t, trial in enumerate(exercise.trials) if not trial.hidden]
    if not visible:
        return {}
    t = visible[0]
    ref = (runs[(i, t, "reference")].get("payload") or {}).get("probes") or {}
    yours = (runs[(i, t, "learner")].get("payload") or {}).get("probes") or {}
    out = {}
    for c, check in enumerate(exercise.checks):
        if check.kind != "graph":
            continue
        expected, actual = ref.get(f"c{c}", {}), yours.get(f"c{c}", {})
        if expected.get("t") == "graph" and actual.get("t") == "graph":
            out[check.root] = {"expected": expected["snapshot"], "yours": actual["snapshot"]}
    return out


def _reference_key(exercise, seed: int) -> tuple:
    """What a reference run depends on: the same key, the same data back."""
    probes = json.dumps(_probes(exercise, "reference"), sort_keys=True)
    return (exercise.id, seed, exercise.setup, exercise.solution, probes)


def _probes(exercise, side: str) -> list[dict]:
    out = []
    for c, check in enumerate(exercise.checks):
        key = f"c{c}"
        kind = check.kind
        if kind == "grad":
            out.append({"key": key, "kind": "grad", "name": check.tensor})
        elif kind == "value":
            out.append({"key": key, "kind": "value", "expr": check.expr})
        elif kind == "graph":
            out.append({"key": key, "kind": "graph", "name": check.root})
        elif kind in _FLAG_KINDS:
            out.append({"key": key, "kind": "flags", "name": check.tensor})
        elif kind in ("gradcheck", "gradgradcheck") and side == "learner":
            out.append({"key": key, "kind": kind, "name": check.function, "inputs": list(check.inputs),
                        "eps": check.eps})
    if any(check.kind == "python" for check in exercise.checks):
        out.append({"key": "namespace", "kind": "namespace"})
    return out


def _judge(check, expected: dict, yours: dict, ctx: C.Context, judged: dict | None) -> tuple[bool, str]:
    kind = check.kind
    if kind == "grad":
        return C.grad(check, expected, yours, ctx)
    if kind == "value":
        return C.value(check, expected, yours, ctx)
    if kind == "graph":
        return C.graph(check, expected, yours, ctx)
    if kind in _FLAG_KINDS:
        return C.flag(check, expected, yours, ctx)
    if kind == "raises":
        return C.raises(check, ctx)
    if kind in ("gradcheck", "gradgradcheck"):
        return C.gradcheck(check, yours, ctx)
    # python: evaluated in its own sandboxed run over both namespaces
    if judged and judged.get("t") == "bool" and judged.get("v") is True:
        return True, ""
    message = check.message.get("en") if check.message else f"the assertion `{check.assert_}` is false."
    if judged and judged.get("t") == "error":
        message = f"the assertion `{check.assert_}` could not be evaluated: {judged.get('why')}."
    return False, message


def _namespace(run: dict) -> dict | None:
    payload = run.get("payload") or {}
    probe = (payload.get("probes") or {}).get("namespace")
    return probe.get("values") if probe and probe.get("t") == "namespace" else None


def _reference_problem(reference: dict, trial) -> str:
    if reference["status"] != "ok":
        return f"the reference solution did not finish on the trial with seed {trial.seed} " \
               f"({_exit_words(reference)}); this is a problem in the pack."
    error = reference["payload"].get("error")
    if error and error.get("phase") == "setup":
        return f"the exercise's setup code raised {error['type']}: {error['message']}; this is a problem in the pack."
    return ""


def _learner_problem(learner: dict, limit: float) -> tuple[str, dict | None]:
    status = learner.get("status")
    if status == "timeout":
        return (f"your code did not finish within its time limit ({limit:g} s): an infinite loop, or far too much "
                f"work?", None)
    if status != "ok":
        return f"your code ended the process before it finished ({_exit_words(learner)}).", None
    error = learner["payload"].get("error")
    if error and error.get("phase") == "setup":
        return f"the exercise's setup failed: {error['type']}: {error['message']}", None
    return "", error


def _exit_words(run: dict) -> str:
    info = run.get("exit") or {}
    if "signal" in info:
        sig = info["signal"]
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = f"signal {sig}"
        meaning = {"SIGSEGV": "a segmentation fault", "SIGKILL": "killed, perhaps for using too much memory",
                   "SIGABRT": "aborted"}.get(name, name)
        return meaning
    if "code" in info:
        return f"it exited with status {info['code']}"
    if info.get("why"):
        return info["why"]
    return run.get("status", "unknown")


def _error_text(error: dict, hidden: bool) -> str:
    text = error.get("traceback", "").rstrip()
    explanation = explain(error.get("type", ""), error.get("message", ""))
    if explanation:
        text += "\n\n" + explanation
    if hidden:
        text = f"on a hidden trial, your code raised {error.get('type')}." + (f"\n\n{explanation}" if explanation else "")
    return text
