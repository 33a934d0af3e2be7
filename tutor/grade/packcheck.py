"""``pack check``: prove a pack's exercises grade what they claim to.

For every exercise: the reference passes every check on every trial; the
starter fails at least one check; and each check is able to fail: a mutant of
the reference (gradients scaled, a value changed, a tensor detached, ...) must
fail it. A check no mutant can be made for is reported as unproven, not failed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from tutor.grade.checks import label
from tutor.grade.grader import Grader, Submission


@dataclass
class ExerciseCheck:
    id: str
    reference_ok: bool
    reference_problem: str
    starter_fails: bool
    proven: list[str] = field(default_factory=list)
    not_failing: list[str] = field(default_factory=list)  # mutants that passed: checks that cannot fail
    unproven: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.reference_ok and self.starter_fails and not self.not_failing


def mutant(check) -> str | None:
    """Code appended to the reference that must make ``check`` fail."""
    kind = check.kind
    if kind == "grad":
        t = check.tensor
        if check.expect == "none":
            return f"\n{t}.grad = torch.ones_like({t})\n"
        return f"\nwith torch.no_grad():\n    {t}.grad.mul_(2).add_(1)\n"
    if kind == "value" and check.expr.isidentifier():
        n = check.expr
        return (f"\nif isinstance({n}, bool):\n    {n} = not {n}\n"
                f"elif isinstance({n}, (tuple, list)):\n    {n} = type({n})(list({n})[:-1])\n"
                f"else:\n    {n} = {n} * 2 + 1\n")
    if kind == "graph":
        r = check.root
        if check.tier == "leaves":
            return f"\n{r} = {r}.detach()\n"
        return f"\n{r} = {r}.exp()\n"
    if kind == "leaf":
        t = check.tensor
        return (f"\n{t} = ({t} * 1) if {t}.is_leaf and {t}.requires_grad else {t}.detach()\n"
                if check.expect is not False else f"\n{t} = {t}.detach()\n")
    if kind == "requires_grad":
        t = check.tensor
        return f"\n{t} = {t}.detach() if {t}.requires_grad else {t}.detach().requires_grad_()\n"
    if kind == "raises":
        return None  # the starter (which must fail) is the counterexample
    return None


def check_pack(pack, jobs: int | None = None) -> list[ExerciseCheck]:
    out = []
    with Grader(jobs=jobs) as grader:
        for exercise in pack.exercises.values():
            started = time.monotonic()
            subs = [Submission(exercise, exercise.solution), Submission(exercise, exercise.starter)]
            mutants = []
            for check in exercise.checks:
                code = mutant(check)
                if code is not None:
                    mutants.append(check)
                    subs.append(Submission(exercise.model_copy(update={"checks": [check]}),
                                           exercise.solution + code))
            results = grader.grade(subs)
            reference, starter, mutated = results[0], results[1], results[2:]
            problems = [f"{c.name}: {c.message}" for c in reference.checks if not c.passed]
            if reference.error and not reference.passed:
                problems.append(reference.error)
            item = ExerciseCheck(
                id=exercise.id,
                reference_ok=reference.passed,
                reference_problem="; ".join(problems)[:500],
                starter_fails=not starter.passed,
            )
            for check, result in zip(mutants, mutated):
                (item.not_failing if result.passed else item.proven).append(label(check))
            item.unproven = [label(c) for c in exercise.checks if c not in mutants and c.kind != "raises"]
            if any(c.kind == "raises" for c in exercise.checks) and item.starter_fails:
                item.proven.extend(label(c) for c in exercise.checks if c.kind == "raises")
            item.seconds = time.monotonic() - started
            out.append(item)
    return out


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
            lines.append(f"    reference fails: {r.reference_problem}")
        if not r.starter_fails:
            lines.append("    the starter already passes every check: learners have nothing to do")
        for name in r.not_failing:
            lines.append(f"    check '{name}' cannot fail: a broken solution still passes it")
    bad = sum(not r.ok for r in results)
    lines.append(f"{len(results) - bad} of {len(results)} exercises ok")
    return "\n".join(lines)
