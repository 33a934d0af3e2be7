"""``pack check``: prove a pack's exercises grade what they claim to.

For every exercise: the reference passes every check on every trial; the
starter fails at least one check; and each check is able to fail: a mutant of
the reference (gradients scaled, a value changed, a tensor detached, ...) must
fail it, or the starter must fail it (the starter is proof). A check neither
can show failing is reported as unproven, not failed. Checks that code doing
nothing passes ("free" checks) are listed, and so are checks the unchanged
starter passes (they pay only beside the others: grader.py, NOTE [free
checks]); an exercise whose checks are all free fails, since doing nothing
would earn its points.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field

from tutor.grade.kinds import kind_of, label
from tutor.grade.grader import Grader, Submission
from tutor.grade.lazytorch import uses_lazy_torch
from tutor.i18n import _


@dataclass
class ExerciseCheck:
    id: str
    reference_ok: bool
    reference_problem: str
    starter_fails: bool
    proven: list[str] = field(default_factory=list)
    not_failing: list[str] = field(default_factory=list)  # mutants that passed: checks that cannot fail
    unproven: list[str] = field(default_factory=list)
    free: list[str] = field(default_factory=list)  # checks that code doing nothing passes
    starter_passes: list[str] = field(default_factory=list)  # checks the unchanged starter passes
    all_free: bool = False
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.reference_ok and self.starter_fails and not self.not_failing and not self.all_free


def mutant(check) -> str | None:
    """Code appended to the reference that must make ``check`` fail (its kind's)."""
    return kind_of(check).mutant(check)


def check_pack(pack, jobs: int | None = None, grader: Grader | None = None) -> list[ExerciseCheck]:
    out = []
    with (contextlib.nullcontext(grader) if grader is not None else Grader(jobs=jobs)) as grader:
        # Each exercise is graded apart, but the pool is sized for them all:
        # per exercise, the reference and the starter on every trial, a mutant
        # per check on the first (NOTE [the cheapest proof first]), the
        # references and two baselines. An exercise's runs need the warm-up
        # where its reference's does (NOTE [one warm worker]).
        runs = {e.id: 3 * len(e.trials) + len(e.checks) + 2 for e in pack.exercises.values()}
        grader.plan(sum(runs.values()), warm=any(uses_lazy_torch(e.setup, e.solution) for e in pack.exercises.values()),
                    needing=sum(runs[e.id] for e in pack.exercises.values() if grader.pool.needs_warm(
                        grader.request(e, e.solution, e.trials[0].seed, "reference"))))
        for exercise in pack.exercises.values():
            started = time.monotonic()
            reference, starter = grader.grade([Submission(exercise, exercise.solution),
                                               Submission(exercise, exercise.starter)])
            # The starter is proof too: a check it fails can fail (NOTE [the cheapest proof first]).
            starter_failed = {id(c) for c, r in zip(exercise.checks, starter.checks) if not r.passed}
            mutants = [c for c in exercise.checks if id(c) not in starter_failed and mutant(c) is not None]
            mutated = _mutants_fail(grader, exercise, mutants)
            problems = [f"{c.name}: {c.message}" for c in reference.checks if not c.passed]
            if reference.error and not reference.passed:
                problems.append(reference.error)
            item = ExerciseCheck(
                id=exercise.id,
                reference_ok=reference.passed,
                reference_problem="; ".join(problems)[:500],
                # the unchanged starter scores 0 anyway; what matters is that it fails a check
                starter_fails=not all(c.passed for c in starter.checks) or starter.status in ("error", "timeout"),
            )
            for check, failed in zip(mutants, mutated):
                (item.proven if failed else item.not_failing).append(label(check))
            for check in exercise.checks:
                if check in mutants:
                    continue
                if id(check) in starter_failed:
                    item.proven.append(label(check))
                else:
                    item.unproven.append(label(check))
            free = grader.free_checks(exercise) or [None] * len(exercise.checks)
            # the default inputs check is free by nature (NOTE [inputs unchanged]): not worth a line
            listed = [(c, f) for c, f in zip(exercise.checks, free) if c.kind != "inputs"]
            item.free = [label(c) for c, f in listed if f == "empty"]
            item.starter_passes = [label(c) for c, f in listed if f == "starter"]
            item.all_free = bool(exercise.checks) and all(f == "empty" for f in free)
            item.seconds = time.monotonic() - started
            out.append(item)
    return out


# NOTE [the cheapest proof first]: a check is proven able to fail by the starter failing it, or else by a
# mutant of the reference failing it on some trial. The starter runs anyway, so mutants run only for the checks
# it passes, and each first on the exercise's first trial alone: only a mutant that passes there runs on every
# trial. The verdicts are those of running every mutant on every trial; `pack check builtin` makes 556 runs
# where it made 1,262, in 0.68 of the CPU time (bench/bench_pack_check.py, December 2026).
def _mutants_fail(grader: Grader, exercise, checks: list) -> list[bool]:
    """Whether a mutant of the reference fails each of ``checks``, on any trial."""
    failed = dict(zip(map(id, checks), _graded_mutants(grader, exercise, checks, exercise.trials[:1])))
    passed = [c for c in checks if not failed[id(c)]]
    if len(exercise.trials) > 1:
        failed.update(zip(map(id, passed), _graded_mutants(grader, exercise, passed, exercise.trials)))
    return [failed[id(c)] for c in checks]


def _graded_mutants(grader: Grader, exercise, checks: list, trials: list) -> list[bool]:
    """Whether each check's mutant fails it on ``trials`` (the exercise cut down to that check and trials)."""
    subs = [Submission(exercise.model_copy(update={"checks": [check], "trials": trials}),
                       exercise.solution + mutant(check), free_rule=False) for check in checks]
    return [not r.passed for r in grader.grade(subs)] if subs else []


def render(results: list[ExerciseCheck]) -> str:
    width = max((len(r.id) for r in results), default=8)
    lines = [f"{'exercise':<{width}}  reference  starter  checks able to fail  seconds"]
    for r in results:
        total = len(r.proven) + len(r.not_failing) + len(r.unproven)
        lines.append(
            f"{r.id:<{width}}  {'passes' if r.reference_ok else 'FAILS':<9}  "
            f"{'fails' if r.starter_fails else 'PASSES':<7}  "
            f"{len(r.proven)}/{total}{' (unproven: ' + ', '.join(r.unproven) + ')' if r.unproven else '':<20} "
            f"{r.seconds:7.2f}"
        )
        if not r.reference_ok:
            lines.append("    " + _("reference fails: {problem}").format(problem=r.reference_problem))
        if not r.starter_fails:
            lines.append("    " + _("the starter already passes every check: learners have nothing to do"))
        for name in r.not_failing:
            lines.append("    " + _("check '{name}' cannot fail: a broken solution still passes it").format(name=name))
        if r.all_free:
            lines.append("    " + _("every check passes for code that does nothing: add a check that only a solution "
                                    "passes (calls, footprint, grad, value ...)"))
        elif r.free:
            lines.append("    " + _("free checks (code that does nothing passes them; they earn points only when the "
                                    "others pass): {checks}").format(checks=", ".join(r.free)))
        if r.starter_passes and r.starter_fails:
            lines.append("    " + _("checks the unchanged starter already passes (they earn points only when the "
                                    "others pass): {checks}").format(checks=", ".join(r.starter_passes)))
    bad = sum(not r.ok for r in results)
    lines.append(_("{ok} of {total} exercises ok").format(ok=len(results) - bad, total=len(results)))
    return "\n".join(lines)
