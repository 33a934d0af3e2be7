"""Grade learner code against an exercise's reference solution.

For every trial the setup runs with the trial's seed, then the reference in
one isolated run and the learner's code in another, each rebuilding its own
inputs. Runs send back plain data; the verdicts are computed here, in a
process that never executes learner code.
"""

from __future__ import annotations

import ast
import json
import os
import signal
import time
from dataclasses import dataclass

from tutor.grade import checks as C
from tutor.grade.misconceptions import explain
from tutor.grade.pool import WorkerPool
from tutor.grade.report import CheckResult, ExerciseResult
from tutor.i18n import N_, _, get_language

DEFAULT_MEMORY = 2 << 30  # bytes per run
DEFAULT_OUTPUT = 1 << 20  # bytes of output per run
_FLAG_KINDS = ("leaf", "requires_grad", "retains_grad")
_HOW_KINDS = ("calls", "hooks", "footprint", "unchanged")
EMPTY_CODE = "pass\n"  # what "doing nothing" is graded as, to find free checks


@dataclass
class Submission:
    exercise: object  # tutor.pack.models.Exercise
    code: str | None  # None: the file is missing
    free_rule: bool = True  # find free checks with the empty code (pack check's mutants need not)


def jobs_for(exercise) -> int:
    """Workers worth starting to check one exercise: one per run, at most a core each."""
    return max(1, min(2 * len(exercise.trials), os.cpu_count() or 1))


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
        self.memory = memory
        self._reference_cache: dict[tuple, dict] = {}
        self._empty_cache: dict[tuple, dict] = {}  # the empty code's run, per exercise (first trial)
        self._free: dict[tuple, list[bool]] = {}  # per exercise: which checks the empty code passes

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
        wanted_empty: set[tuple] = set()
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
            # the empty code on the first trial: which checks doing nothing passes
            ekey = _empty_key(sub.exercise)
            if sub.free_rule and ekey not in self._empty_cache and ekey not in wanted_empty:
                wanted_empty.add(ekey)
                jobs.append((i, 0, "empty", self._request(sub.exercise, EMPTY_CODE, sub.exercise.trials[0].seed,
                                                           "learner")))
        started = time.monotonic()
        replies = self.pool.run_many([job[3] for job in jobs])
        runs: dict[tuple[int, int, str], dict] = {}
        for (i, t, side, _), reply in zip(jobs, replies):
            runs[(i, t, side)] = reply
            ex = submissions[i].exercise
            if side == "reference":
                self._reference_cache[_reference_key(ex, ex.trials[t].seed)] = reply
            elif side == "empty":
                self._empty_cache[_empty_key(ex)] = reply
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            for t, trial in enumerate(sub.exercise.trials):
                runs.setdefault((i, t, "reference"), self._reference_cache[_reference_key(sub.exercise, trial.seed)])
            if sub.free_rule:
                runs.setdefault((i, 0, "empty"), self._empty_cache[_empty_key(sub.exercise)])
        judged = self._judge_python_checks(submissions, runs)
        for i, sub in enumerate(submissions):
            if sub.code is not None and sub.free_rule and _empty_key(sub.exercise) not in self._free:
                self._free[_empty_key(sub.exercise)] = self._free_checks(i, sub.exercise, runs, judged)
        elapsed = time.monotonic() - started
        return [self._verdict(i, sub, runs, judged, elapsed / max(len(submissions), 1))
                for i, sub in enumerate(submissions)]

    def free_checks(self, exercise) -> list[bool] | None:
        """Which of the exercise's checks the empty code passes (known once it was graded)."""
        return self._free.get(_empty_key(exercise))

    def _free_checks(self, i: int, exercise, runs: dict, judged: dict) -> list[bool]:
        """A check is free when code that does nothing passes it on the first trial."""
        empty, reference = runs[(i, 0, "empty")], runs[(i, 0, "reference")]
        if _reference_problem(reference, exercise.trials[0]):
            return [False] * len(exercise.checks)
        problem, error = _learner_problem(empty, self.timeout or exercise.timeout)
        if problem:
            return [False] * len(exercise.checks)
        ref_probes = _probes_of(reference)
        empty_probes = _probes_of(empty)
        ctx = C.Context(hidden=False, tolerance=exercise.tolerance.model_dump(exclude_none=True),
                        learner_error=error, observed=empty_probes.get("observed"),
                        expected_observed=ref_probes.get("observed"))
        out = []
        for c, check in enumerate(exercise.checks):
            key = f"c{c}"
            ok, _ = _judge(check, ref_probes.get(key, {}), empty_probes.get(key, {}), ctx, judged.get((i, c, "empty")))
            out.append(ok)
        return out

    def _judge_python_checks(self, submissions, runs) -> dict:
        """Python assertions run in a sandbox of their own over both namespaces' data."""
        requests, keys = [], []
        for i, sub in enumerate(submissions):
            if sub.code is None:
                continue
            for c, check in enumerate(sub.exercise.checks):
                if check.kind != "python":
                    continue
                pairs = [(t, runs[(i, t, "learner")]) for t in range(len(sub.exercise.trials))]
                if sub.free_rule and _empty_key(sub.exercise) not in self._free:
                    pairs.append(("empty", runs[(i, 0, "empty")]))
                for t, run in pairs:
                    learner = _namespace(run)
                    reference = _namespace(runs[(i, 0 if t == "empty" else t, "reference")])
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
            payload = reply.get("payload") if isinstance(reply, dict) else None
            probes = payload.get("probes") if isinstance(payload, dict) else None
            probe = probes.get("ok", {}) if isinstance(probes, dict) else {}
            out[key] = probe if isinstance(probe, dict) else {}
        return out

    # ------------------------------------------------------------- verdict

    def _verdict(self, i: int, sub: Submission, runs: dict, judged: dict, elapsed: float) -> ExerciseResult:
        exercise = sub.exercise
        max_points = exercise.max_points
        scale = max_points / (sum(c.points for c in exercise.checks) or 1)
        if sub.code is None:
            return ExerciseResult(exercise.id, "missing", 0.0, max_points,
                                  [CheckResult(C.label(c), c.kind, False, _("no submission"), 0.0, c.points * scale)
                                   for c in exercise.checks],
                                  error=_("no file {id}.py was submitted").format(id=exercise.id))
        tolerance = exercise.tolerance.model_dump(exclude_none=True)
        status_flags: set[str] = set()
        error_text = ""
        several = len(exercise.trials) > 1
        has_raises = any(c.kind == "raises" for c in exercise.checks)
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
                if not trial.hidden:  # a hidden trial's status would be a channel out of it
                    status_flags.add("timeout" if learner.get("status") == "timeout" else "error")
                # What a run controls on a hidden trial (exit status, signal,
                # timing) stays out of the report.
                error_text = error_text or (_(HIDDEN_FAILURE) if trial.hidden else run_problem)
                for v in verdicts:
                    v.append((False, run_problem if not trial.hidden else _(HIDDEN_FAILURE)))
                continue
            ref_probes = _probes_of(reference)
            your_probes = _probes_of(learner)
            ctx = C.Context(hidden=trial.hidden, tolerance=tolerance, learner_error=learner_error,
                            observed=your_probes.get("observed"), expected_observed=ref_probes.get("observed"),
                            predict=exercise.style == "predict")
            raised = learner_error if learner_error and not has_raises else None
            for c, check in enumerate(exercise.checks):
                key = f"c{c}"
                ok, message = _judge(check, ref_probes.get(key, {}), your_probes.get(key, {}), ctx,
                                     judged.get((i, c, t)))
                if not ok:
                    if raised and check.kind != "raises":
                        message = _raised_words(raised, trial.hidden) + message
                    if several and not trial.hidden:
                        message += _trial_words(trial, ref_probes.get("observed"))
                if not ok and trial.hidden:
                    # Nothing the run controls (values, type names, messages)
                    # reaches a report from a hidden trial: only pass/fail.
                    message = _(HIDDEN_FAILURE)
                verdicts[c].append((ok, message))
            if raised:
                if not trial.hidden:
                    status_flags.add("error")
                error_text = error_text or _error_text(learner_error, trial.hidden, your_probes.get("observed"))
        free = (self.free_checks(exercise) if sub.free_rule else None) or [False] * len(exercise.checks)
        passed = [bool(outcomes) and all(ok for ok, _ in outcomes) for outcomes in verdicts]
        earned = all(p for p, f in zip(passed, free) if not f)  # free checks count only with the others
        starter = _same_code(sub.code, exercise.starter)
        results = []
        for check, outcomes, ok, is_free in zip(exercise.checks, verdicts, passed, free):
            message = next((m for good, m in outcomes if not good), "")
            if not ok and check.message is not None:
                message = (message + "\n" if message else "") + check.message.get(get_language())
            score = check.points * scale if ok and (earned or not is_free) and not starter else 0.0
            if ok and is_free and not earned and not starter:
                message = _("passes, but code that does nothing passes it too: it earns its points once the "
                            "exercise's other checks pass.")
            results.append(CheckResult(C.label(check), check.kind, ok, message, score, check.points * scale))
        score = sum(r.score for r in results)
        if "timeout" in status_flags:
            status = "timeout"
        elif "error" in status_flags:
            status = "error"
        else:
            status = "passed" if all(r.passed for r in results) and not starter else "failed"
        if starter:
            notice = _("this is the exercise's starter code, unchanged: it earns no points. Change it to solve "
                       "the exercise.")
            error_text = notice + ("\n\n" + error_text if error_text else "")
        visible = [t for t, trial in enumerate(exercise.trials) if not trial.hidden]
        first = runs[(i, visible[0], "learner")] if visible else {}
        # Time and output come from visible trials only: a hidden trial's
        # timing or printing must not carry its inputs out.
        elapsed = sum(float(runs[(i, t, "learner")].get("elapsed") or 0) for t in visible
                      if isinstance(runs[(i, t, "learner")].get("elapsed"), (int, float)))
        return ExerciseResult(exercise.id, status, score, max_points, results, error=error_text,
                              output=first.get("output", "") if isinstance(first.get("output", ""), str) else "",
                              elapsed=elapsed, graphs=_graph_payloads(i, exercise, runs))


def _graph_payloads(i: int, exercise, runs: dict) -> dict:
    """Both snapshots of each graph check, from the first visible trial."""
    visible = [t for t, trial in enumerate(exercise.trials) if not trial.hidden]
    if not visible:
        return {}
    t = visible[0]
    ref = _probes_of(runs[(i, t, "reference")])
    yours = _probes_of(runs[(i, t, "learner")])
    out = {}
    for c, check in enumerate(exercise.checks):
        if check.kind != "graph":
            continue
        expected, actual = ref.get(f"c{c}", {}), yours.get(f"c{c}", {})
        if isinstance(expected, dict) and isinstance(actual, dict) and expected.get("t") == "graph" \
                and actual.get("t") == "graph":
            out[check.root] = {"expected": expected.get("snapshot"), "yours": actual.get("snapshot")}
    return out


def _reference_key(exercise, seed: int) -> tuple:
    """What a reference run depends on: the same key, the same data back."""
    probes = json.dumps(_probes(exercise, "reference"), sort_keys=True)
    return (exercise.id, seed, exercise.setup, exercise.solution, probes)


def _empty_key(exercise) -> tuple:
    """What the empty code's run (and the free checks found from it) depends on."""
    checks = json.dumps([c.model_dump(mode="json", by_alias=True) for c in exercise.checks], sort_keys=True)
    return (exercise.id, exercise.trials[0].seed, exercise.setup, exercise.solution, checks,
            json.dumps(exercise.tolerance.model_dump(exclude_none=True), sort_keys=True))


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
            from tutor.graph.names import exercise_names

            out.append({"key": key, "kind": "graph", "name": check.root, "prefer": exercise_names(exercise)})
        elif kind in _FLAG_KINDS:
            out.append({"key": key, "kind": "flags", "name": check.tensor})
        elif kind in ("gradcheck", "gradgradcheck") and side == "learner":
            out.append({"key": key, "kind": kind, "name": check.function, "inputs": list(check.inputs),
                        "kwargs": dict(check.kwargs), "eps": check.eps, "atol": check.atol, "rtol": check.rtol,
                        "check_forward_ad": check.check_forward_ad, "check_batched_grad": check.check_batched_grad})
    if any(check.kind == "python" for check in exercise.checks):
        out.append({"key": "namespace", "kind": "namespace"})
    unchanged = sorted({name for check in exercise.checks if check.kind == "unchanged" for name in check.tensors})
    saved = any(check.kind == "footprint" and check.max_saved_bytes is not None for check in exercise.checks)
    observed = {"key": "observed", "kind": "observed"}
    if unchanged:
        observed["unchanged"] = unchanged
    if saved:
        observed["saved"] = True
    out.append(observed)
    return out


def _judge(check, expected, yours, ctx: C.Context, judged) -> tuple[bool, str]:
    """One check's verdict, on its own: data from a run that does not have
    the expected shape fails this check, and nothing else."""
    try:
        expected = expected if isinstance(expected, dict) else {}
        if not isinstance(yours, dict):
            raise C.InvalidResult("not a mapping")
        ok, message = _judge_one(check, expected, yours, ctx, judged if isinstance(judged, dict) else None)
        return ok is True, str(message)
    except Exception as exc:  # malformed or hostile data: this check fails, the grader goes on
        why = str(exc) if isinstance(exc, C.InvalidResult) else type(exc).__name__
        return False, _("invalid result from the run ({why}): this check cannot pass.").format(why=why)


def _judge_one(check, expected: dict, yours: dict, ctx: C.Context, judged: dict | None) -> tuple[bool, str]:
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
    if kind == "calls":
        return C.calls(check, ctx)
    if kind == "hooks":
        return C.hooks(check, ctx)
    if kind == "footprint":
        return C.footprint(check, ctx)
    if kind == "unchanged":
        return C.unchanged(check, ctx)
    # python: evaluated in its own sandboxed run over both namespaces
    if judged and judged.get("t") == "bool" and judged.get("v") is True:
        return True, ""
    if judged and judged.get("t") == "error":
        return False, _("the assertion `{expr}` could not be evaluated: {why}.").format(expr=check.assert_,
                                                                                       why=judged.get("why"))
    return False, _("the assertion `{expr}` is false.").format(expr=check.assert_)


def _probes_of(run) -> dict:
    payload = run.get("payload") if isinstance(run, dict) else None
    probes = payload.get("probes") if isinstance(payload, dict) else None
    return probes if isinstance(probes, dict) else {}


def _namespace(run: dict) -> dict | None:
    probe = _probes_of(run).get("namespace")
    if isinstance(probe, dict) and probe.get("t") == "namespace" and isinstance(probe.get("values"), dict):
        return probe["values"]
    return None


def _same_code(code: str | None, starter: str) -> bool:
    """The learner's code is the starter, up to whitespace and comments."""
    if code is None:
        return False
    try:
        return _normal(code) == _normal(starter or "")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


def _normal(source: str) -> str:
    tree = ast.parse(source)
    body = [node for node in tree.body
            if not isinstance(node, ast.Pass)
            and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
    return ast.dump(ast.Module(body=body, type_ignores=[]))


# Translated where it is used: _(HIDDEN_FAILURE).
HIDDEN_FAILURE = N_("failed on a hidden trial (its inputs and your code's output on it are not shown).")


def _raised_words(error: dict, hidden: bool) -> str:
    kind = error.get("type") if "type" in error else _("an exception")
    if hidden:
        return _(HIDDEN_FAILURE) + " "
    message = str(error.get("message") or "").strip().splitlines()
    line = error.get("line")
    first = f": {message[0][:200]}" if message else ""
    if isinstance(line, int):
        return _("your code raised {kind} at line {line}{message} (see the error below), so it did not "
                 "finish: ").format(kind=kind, line=line, message=first)
    return _("your code raised {kind}{message} (see the error below), so it did not finish: ").format(
        kind=kind, message=first)


def _trial_words(trial, observed) -> str:
    shapes = observed.get("shapes") if isinstance(observed, dict) else None
    parts = []
    if isinstance(shapes, dict) and shapes:
        for name, shape in list(shapes.items())[:8]:
            if isinstance(name, str) and isinstance(shape, list) and all(isinstance(s, int) for s in shape):
                parts.append(f"{name}: [{', '.join(str(s) for s in shape)}]")
    if parts:
        return _(" (trial with seed {seed}; setup tensors {tensors})").format(seed=trial.seed,
                                                                             tensors=", ".join(parts))
    return _(" (trial with seed {seed})").format(seed=trial.seed)


def _reference_problem(reference: dict, trial) -> str:
    if reference.get("status") != "ok" or not isinstance(reference.get("payload"), dict):
        return _("the reference solution did not finish on the trial with seed {seed} ({why}); this is a "
                 "problem in the pack.").format(seed=trial.seed, why=_exit_words(reference))
    error = reference["payload"].get("error")
    if isinstance(error, dict) and error.get("phase") == "setup":
        return _("the exercise's setup code raised {type}: {message}; this is a problem in the pack.").format(
            type=error.get("type"), message=error.get("message"))
    return ""


def _learner_problem(learner: dict, limit: float) -> tuple[str, dict | None]:
    status = learner.get("status")
    if status == "timeout":
        return (_("your code did not finish within its time limit ({limit} s): an infinite loop, or far too much "
                  "work?").format(limit=f"{limit:g}"), None)
    if status != "ok":
        return _("your code ended the process before it finished ({why}).").format(why=_exit_words(learner)), None
    payload = learner.get("payload")
    if not isinstance(payload, dict) or not isinstance(payload.get("probes", {}), dict):
        return _("your run sent back data that could not be read (invalid result from the run)."), None
    error = payload.get("error")
    if error is not None and not isinstance(error, dict):
        return _("your run sent back data that could not be read (invalid result from the run)."), None
    if error and error.get("phase") == "setup":
        return _("the exercise's setup failed: {type}: {message}").format(type=error.get("type"),
                                                                            message=error.get("message")), None
    if error:
        error = {key: value for key, value in error.items()
                 if key in ("type", "module", "mro", "message", "traceback", "line", "phase")}
        for key in ("type", "message", "traceback"):
            if not isinstance(error.get(key, ""), str):
                error[key] = str(error.get(key))
    return "", error


def _exit_words(run: dict) -> str:
    info = run.get("exit") or {}
    if not isinstance(info, dict):
        info = {}
    if "signal" in info:
        sig = info["signal"]
        try:
            name = signal.Signals(sig).name
        except (ValueError, TypeError):
            name = f"signal {sig}"
        meaning = {"SIGSEGV": N_("a segmentation fault"), "SIGKILL": N_("killed, perhaps for using too much memory"),
                   "SIGABRT": N_("aborted")}.get(name)
        return _(meaning) if meaning else name
    if "code" in info:
        return _("it exited with status {code}").format(code=info["code"])
    if info.get("why"):
        return info["why"]
    return str(run.get("status", "unknown"))


def _error_text(error: dict, hidden: bool, observed: dict | None = None) -> str:
    text = error.get("traceback", "").rstrip()
    explanation = explain(error.get("type", ""), error.get("message", ""), observed)
    if explanation:
        text += "\n\n" + explanation
    if hidden:  # the exception's type and message are the run's to choose: neither is shown
        text = _("on a hidden trial, your code raised an exception.")
    return text
