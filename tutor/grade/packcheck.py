"""``pack check``: prove a pack's exercises grade what they claim to.

For every exercise: the reference passes every check on every trial; the
starter fails at least one check; and each check is able to fail: a mutant of
the reference (gradients scaled, a value changed, a tensor detached, ...) must
fail it, or the starter must fail it (the starter is proof). A check neither
can show failing is reported as unproven, not failed. Checks that code doing
nothing passes ("free" checks) are listed; an exercise whose checks are all
free fails, since doing nothing would earn its points.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from tutor.grade.checks import label
from tutor.grade.grader import Grader, Submission
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
    all_free: bool = False
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.reference_ok and self.starter_fails and not self.not_failing and not self.all_free


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
    if kind == "unchanged":
        first = check.tensors[0]
        return (f"\nwith torch.no_grad():\n    for _p in ([{first}] if isinstance({first}, torch.Tensor) "
                f"else list({first}.parameters()) + list({first}.buffers()))[:1]:\n        _p.add_(1)\n")
    if kind == "footprint":
        if check.max_nodes is not None:
            return (f"\n_m = torch.zeros(1, requires_grad=True)\nfor _ in range({check.max_nodes + 1}):\n"
                    f"    _m = _m * 1\n")
        if check.max_numel is not None and check.max_numel < 50_000_000:
            return (f"\n_m = torch.zeros({check.max_numel + 1}, requires_grad=True)\n"
                    f"torch.autograd.grad((_m * 1).sum(), _m)\n")
        if check.max_saved_bytes is not None and check.max_saved_bytes < 200_000_000:
            return (f"\n_m = torch.zeros({check.max_saved_bytes // 4 + 1}, requires_grad=True)\n"
                    f"_n = (_m * _m).sum()\n")
        return None
    if kind == "calls" and (check.count is not None or check.max is not None):
        # more calls than allowed, whatever the reference itself calls
        times = (check.count if check.count is not None else check.max) + 1
        body = _CALL_SNIPPETS[check.api].format(flags=_call_flags(check)).replace("\n", "\n    ")
        return f"\nfor _ in range({times}):\n    {body}\n"
    if kind == "hooks" and (check.count is not None or check.max is not None):
        times = (check.count if check.count is not None else check.max) + 1
        return f"\nfor _ in range({times}):" + {"module": "\n    nn.Linear(1, 1).register_forward_hook(lambda *a: None)\n",
                "node": "\n    (torch.zeros(1, requires_grad=True) * 1).grad_fn.register_hook(lambda *a: None)\n"}.get(
            check.on, "\n    torch.zeros(1, requires_grad=True).register_hook(lambda g: g)\n")
    return None


# One call of each API, for the mutant that makes one call too many.
_CALL_SNIPPETS = {
    "backward": "torch.zeros(1, requires_grad=True).sum().backward({flags})",
    "autograd.grad": "_m = torch.zeros(1, requires_grad=True)\ntorch.autograd.grad((_m * 1).sum(), _m, {flags})",
    "autograd.functional.jacobian": "torch.autograd.functional.jacobian(lambda v: v * 1, torch.zeros(1), {flags})",
    "autograd.functional.hessian": "torch.autograd.functional.hessian(lambda v: (v * v).sum(), torch.zeros(1), "
                                   "{flags})",
    "autograd.functional.vjp": "torch.autograd.functional.vjp(lambda v: v * 1, torch.zeros(1), torch.ones(1), {flags})",
    "autograd.functional.jvp": "torch.autograd.functional.jvp(lambda v: v * 1, torch.zeros(1), torch.ones(1), {flags})",
    "autograd.functional.hvp": "torch.autograd.functional.hvp(lambda v: (v * v).sum(), torch.zeros(1), torch.ones(1), "
                               "{flags})",
    "autograd.functional.vhp": "torch.autograd.functional.vhp(lambda v: (v * v).sum(), torch.zeros(1), torch.ones(1), "
                               "{flags})",
    "func.grad": "torch.func.grad(lambda v: (v * v).sum())(torch.zeros(1))",
    "func.grad_and_value": "torch.func.grad_and_value(lambda v: (v * v).sum())(torch.zeros(1))",
    "func.vmap": "torch.func.vmap(lambda v: v * 1)(torch.zeros(2))",
    "func.jacrev": "torch.func.jacrev(lambda v: v * 1)(torch.zeros(1))",
    "func.jacfwd": "torch.func.jacfwd(lambda v: v * 1)(torch.zeros(1))",
    "func.hessian": "torch.func.hessian(lambda v: (v * v).sum())(torch.zeros(1))",
    "func.vjp": "torch.func.vjp(lambda v: v * 1, torch.zeros(1))",
    "func.jvp": "torch.func.jvp(lambda v: v * 1, (torch.zeros(1),), (torch.ones(1),))",
    "func.functional_call": "torch.func.functional_call(nn.Linear(1, 1), {{}}, (torch.zeros(1),))",
    "checkpoint": "torch.utils.checkpoint.checkpoint(lambda v: v * 1, torch.zeros(1, requires_grad=True), "
                  "use_reentrant=False)",
}


def _call_flags(check) -> str:
    parts = []
    if getattr(check, "retain_graph", None) is not None:
        parts.append(f"retain_graph={check.retain_graph}")
    if getattr(check, "create_graph", None) is not None:
        parts.append(f"create_graph={check.create_graph}")
    return ", ".join(parts)


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
                                           exercise.solution + code, free_rule=False))
            results = grader.grade(subs)
            reference, starter, mutated = results[0], results[1], results[2:]
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
            # The starter is proof too: a check it fails can fail.
            starter_failed = {id(c) for c, r in zip(exercise.checks, starter.checks) if not r.passed}
            for check, result in zip(mutants, mutated):
                if result.passed and id(check) not in starter_failed:
                    item.not_failing.append(label(check))
                else:
                    item.proven.append(label(check))
            for check in exercise.checks:
                if check in mutants:
                    continue
                if id(check) in starter_failed:
                    item.proven.append(label(check))
                else:
                    item.unproven.append(label(check))
            free = grader.free_checks(exercise) or [False] * len(exercise.checks)
            item.free = [label(c) for c, f in zip(exercise.checks, free) if f]
            item.all_free = bool(exercise.checks) and all(free)
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
    bad = sum(not r.ok for r in results)
    lines.append(_("{ok} of {total} exercises ok").format(ok=len(results) - bad, total=len(results)))
    return "\n".join(lines)
