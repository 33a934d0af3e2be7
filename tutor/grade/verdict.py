"""One exercise's result, from its runs: every check judged on every trial,
hidden trials redacted, points awarded, the code's error shown once.

Plain data in, ``ExerciseResult`` out: no process is started here.
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from typing import Mapping

from tutor.grade import feedback
from tutor.grade.kinds import Context, InvalidResult, Verdict, kind_of, label
from tutor.grade.kinds.raises import raised_otherwise
from tutor.grade.protocol import RunReply
from tutor.grade.report import CheckResult, ExerciseResult
from tutor.grade.unbound import unbound_names
from tutor.i18n import _, get_language

_SEEDED = re.compile(r"\bseed\b")  # a setup that reads its trial's seed


@dataclass(frozen=True)
class TrialRuns:
    """One trial's two runs, and the python checks' judge runs on it (by check index)."""

    trial: object  # tutor.pack.models.Trial
    reference: RunReply
    learner: RunReply
    judged: Mapping[int, Mapping]


def check_id(index: int) -> str:
    """A check's identity in a result: its place in the exercise's list."""
    return f"c{index}"


def check_scale(exercise) -> float:
    """What one of a check's points is worth: the exercise's points spread over its checks' weights."""
    return exercise.max_points / (sum(c.points for c in exercise.checks) or 1)


def unscored(exercise, status: str, why: str, message: str | None = None, fault: str = "") -> ExerciseResult:
    """Every check failed for one reason: a missing or refused file, a broken
    reference, a run the grader lost (``fault="grader"``)."""
    scale = check_scale(exercise)
    return ExerciseResult(exercise.id, status, 0.0, exercise.max_points,
                          [CheckResult(label(c), c.kind, False, message or why, 0.0, c.points * scale, check_id(n))
                           for n, c in enumerate(exercise.checks)], error=why, fault=fault)


def grader_fault(exercise, lost: RunReply) -> ExerciseResult:
    """Not a verdict: the grader lost a run of this exercise, even after running it again.
    Said in the same words on hidden trials: a fault of the grader's is not the code's secret."""
    return unscored(exercise, "error", feedback.grader_fault_words(lost), fault="grader")


def missing(exercise) -> ExerciseResult:
    return unscored(exercise, "missing", _("no file {id}.py was submitted").format(id=exercise.id),
                    _("no submission"))


def judge(check, expected, yours, ctx: Context) -> Verdict:
    """One check's verdict, on its own: data from a run that does not have
    the expected shape fails this check, and nothing else."""
    try:
        if not isinstance(yours, Mapping):
            raise InvalidResult("not a mapping")
        ok, message = kind_of(check).judge(check, expected if isinstance(expected, Mapping) else {}, yours, ctx)
        message = str(message)
        if ok is not True:  # a name the script binds only inside a function, or under a guard that never runs
            message += "".join(" " + words for name, words in ctx.bound_inside.items()
                               if f"`{name}` is not defined" in message or f"name '{name}' is not defined" in message)
        return ok is True, message
    except Exception as exc:  # malformed or hostile data: this check fails, the grader goes on
        why = str(exc) if isinstance(exc, InvalidResult) else type(exc).__name__
        return False, _("invalid result from the run ({why}): this check cannot pass.").format(why=why)


def context(exercise, reference: RunReply, learner: RunReply, error, code: str | None = None) -> Context:
    return Context(tolerance=exercise.tolerance.model_dump(exclude_none=True), learner_error=error,
                   observed=learner.probes().get("observed"), expected_observed=reference.probes().get("observed"),
                   predict=exercise.style == "predict",
                   hook_scaled=any(t.scale_hook_gradients for t in exercise.trials),
                   bound_to_none=feedback.bound_to_none(code), bound_inside=feedback.bound_only_inside(code))


def judge_trial(exercise, runs: TrialRuns, ctx: Context) -> list[Verdict]:
    """Every check of the exercise on one trial whose runs both finished."""
    expected, yours = runs.reference.probes(), runs.learner.probes()
    out = []
    for c, check in enumerate(exercise.checks):
        key = check_id(c)
        mine = runs.judged.get(c, {}) if kind_of(check).separate_run else yours.get(key, {})
        out.append(judge(check, expected.get(key, {}), mine, ctx))
    return out


def exercise_result(exercise, code: str, trials: list[TrialRuns], free: list, limit: float) -> ExerciseResult:
    """``free``: per check, the baseline that passes it already ("empty",
    "starter") or None: a free check pays only beside the others (grader.py,
    NOTE [free checks])."""
    flags: set[str] = set()  # "error", "timeout": from visible trials only
    error_text = ""
    several = len(trials) > 1
    has_raises = any(c.kind == "raises" for c in exercise.checks)
    # Inputs that differ by trial: a setup that reads the seed. A predict exercise may have no setup, or one of
    # fixed tensors that every trial shares ("the values that trial's inputs give" misled there).
    has_inputs = bool(_SEEDED.search(exercise.setup or ""))
    verdicts: list[list[Verdict]] = [[] for _ in exercise.checks]
    where: dict = {}  # "line", "misconception": of the first visible error
    all_hidden = all(t.hidden for t in exercise.trials)
    alike: list = []  # each judged trial's error, for NOTE [an error every trial raised alike] (feedback.py)
    failed_on: list[set[bool]] = [set() for _ in exercise.checks]  # hidden-ness of the trials each check failed on
    lost = next((r for runs in trials for r in (runs.reference, runs.learner) if r.grader_fault), None)
    if lost is not None:
        return grader_fault(exercise, lost)
    for runs in trials:
        trial, hidden = runs.trial, runs.trial.hidden
        if hidden and runs.learner.skipped:  # NOTE [hidden trials after a failed run], queued.py
            continue
        problem = feedback.reference_problem(runs.reference, trial)
        if problem:
            return unscored(exercise, "error", problem)
        run_problem, learner_error = feedback.learner_problem(runs.learner, limit)
        if run_problem:
            # What a run controls on a hidden trial (exit status, signal,
            # timing) stays out of the report.
            if not hidden:
                flags.add("timeout" if runs.learner.status == "timeout" else "error")
            error_text = error_text or feedback.redact(run_problem, hidden)
            for v, on in zip(verdicts, failed_on):
                v.append((False, feedback.redact(run_problem, hidden)))
                on.add(hidden)
            continue
        alike.append(learner_error)
        ctx = context(exercise, runs.reference, runs.learner, learner_error, code)
        # In an exercise about an error, one of another class is the code's error like any other
        # (round 38's learner: a TypeError left "could not evaluate `_losses[-1]`" in three checks).
        raised = learner_error if learner_error and (not has_raises or raised_otherwise(
            exercise.checks, learner_error)) else None
        for c, (ok, message) in enumerate(judge_trial(exercise, runs, ctx)):
            if not ok and not hidden:
                if raised and exercise.checks[c].kind != "raises":
                    # After a grader's own error, what the check read says nothing of the code
                    # (NOTE [an error in the grader's own code], raised.py).
                    lead, tail = feedback.raised_words(raised, hidden), "" if raised.origin == "grader" else message
                    message = lead + tail if tail else lead[:-2] + "." if lead.endswith(": ") else lead.rstrip()
                if several:  # a check that says nothing of its own (round 36's learner read a bare "(trial ...)")
                    message = ((message or _("failed")) + feedback.trial_words(trial, ctx.observed)).lstrip()
            kind = kind_of(exercise.checks[c])
            declared = "" if ok else kind.hidden_words(exercise.checks[c], trial, has_inputs)
            redacted = hidden and not kind.shown_when_hidden
            verdicts[c].append((ok, message if ok else feedback.redact(message, redacted, declared, all_hidden)))
            if not ok:
                failed_on[c].add(hidden)
        if raised:
            # On a hidden trial too: the error text says the code raised there,
            # and code that raises is not solved (an exercise of hidden trials
            # only read "solved" with "your code raised an exception").
            flags.add("error")
            if not hidden:
                if not where:
                    where = {"line": raised.line if raised.phase == "code" else None,
                             "misconception": feedback.misconception(raised, hidden, ctx.observed)}
            if not error_text:
                error_text = feedback.error_text(raised, hidden, ctx.observed)
                if hidden:  # NOTE [a name bound nowhere] (unbound.py): a fact of the text, not of the run
                    error_text += feedback.unbound_words(unbound_names(code, exercise.setup), exercise.setup)
    said = feedback.raised_alike(alike) if all_hidden and "error" in flags and len(alike) == len(trials) else ""
    if said:  # NOTE [an error every trial raised alike] (feedback.py), and NOTE [a name bound nowhere]
        error_text = said + feedback.unbound_words(unbound_names(code, exercise.setup), exercise.setup)
    result = _scored(exercise, code, trials, verdicts, free, flags, error_text)
    result.line, result.misconception = where.get("line"), where.get("misconception", "")
    for check, on in zip(result.checks, failed_on):
        check.hidden = on == {True}  # failed on hidden trials only: what it says is redacted
    broken = feedback.compile_error(code) if "error" in flags else None
    if broken is not None:
        _does_not_compile(result, broken, seen=bool(where))
    return result


def _does_not_compile(result: ExerciseResult, broken: feedback.CompileError, seen: bool) -> None:
    """NOTE [code that does not compile] (feedback.py): said in full, hidden trials or not."""
    if not seen:  # no visible trial showed it: the grader's own words, not a run's
        result.error = broken.text.rstrip()
        result.line = broken.line
    for check in result.checks:
        if check.hidden:
            check.message, check.hidden = feedback.compile_words(broken), False


def _scored(exercise, code, trials, verdicts, free, flags, error_text) -> ExerciseResult:
    scale = check_scale(exercise)
    passed = [bool(outcomes) and all(ok for ok, _ in outcomes) for outcomes in verdicts]
    earned = all(p for p, f in zip(passed, free) if not f)  # free checks count only with the others
    starter = same_code(code, exercise.starter)
    results = []
    for c, (check, outcomes, ok, is_free) in enumerate(zip(exercise.checks, verdicts, passed, free)):
        message = next((m for good, m in outcomes if not good), "")
        if not ok and check.message is not None:
            message = (message + "\n" if message else "") + check.message.get(get_language())
        score = check.points * scale if ok and (earned or not is_free) and not starter else 0.0
        if ok and is_free and not earned and not starter:
            message = _("passes, but code that does nothing passes it too: it earns its points once the "
                        "exercise's other checks pass.") if is_free == "empty" else \
                _("passes, but the exercise's starter code passes it too: it earns its points once the "
                  "exercise's other checks pass.")
        results.append(CheckResult(label(check), check.kind, ok, message, score, check.points * scale, check_id(c)))
    if "timeout" in flags:
        status = "timeout"
    elif "error" in flags:
        status = "error"
    else:
        status = "passed" if all(r.passed for r in results) and not starter else "failed"
    if starter:
        notice = _("this is the exercise's starter code, unchanged: it earns no points. Change it to solve "
                   "the exercise.")
        error_text = notice + ("\n\n" + error_text if error_text else "")
    # Time, output and drawings come from visible trials only: a hidden
    # trial's timing or printing must not carry its inputs out.
    visible = [runs for runs in trials if not runs.trial.hidden]
    rebound = feedback.rebound_words(visible[0]) if visible and status != "passed" else ""
    if rebound:  # NOTE [a setup name bound again] (observe.py)
        error_text = (error_text + "\n\n" if error_text else "") + rebound
    # One division, not a sum of shares: 7 shares of 6/7 must add up to 6 exactly.
    paid = sum(check.points for check, r in zip(exercise.checks, results) if r.score > 0)
    total = sum(check.points for check in exercise.checks) or 1
    return ExerciseResult(exercise.id, status, paid * exercise.max_points / total, exercise.max_points, results,
                          error=error_text, output=feedback.shown_output(visible[0].learner.output) if visible else "",
                          elapsed=sum(runs.learner.elapsed for runs in visible),
                          graphs=_figures(exercise, visible[0]) if visible else {})


def _figures(exercise, runs: TrialRuns) -> dict:
    """What front ends draw beside the checks (both graphs of a graph check), by check id."""
    expected, yours = runs.reference.probes(), runs.learner.probes()
    out = {}
    for c, check in enumerate(exercise.checks):
        mine, ref = yours.get(check_id(c)), expected.get(check_id(c))
        if isinstance(mine, Mapping) and isinstance(ref, Mapping):
            figure = kind_of(check).figure(check, ref, mine)
            if figure is not None:
                out[check_id(c)] = figure
    return out


def same_code(code: str | None, starter: str) -> bool:
    """The learner's code is the starter, up to whitespace and comments."""
    if code is None:
        return False
    try:
        return _normal(code) == _starter_normal(starter or "")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


@functools.lru_cache(maxsize=128)
def _starter_normal(starter: str) -> str:
    """A pack's starter, normalized once: asked again for every student
    (the learner's own code is not kept: it is unbounded)."""
    return _normal(starter)


def _normal(source: str) -> str:
    tree = ast.parse(source)
    body = [node for node in tree.body
            if not isinstance(node, ast.Pass)
            and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
    return ast.dump(ast.Module(body=body, type_ignores=[]))
