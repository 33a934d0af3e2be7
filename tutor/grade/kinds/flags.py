"""``leaf``, ``requires_grad``, ``retains_grad``: a named tensor's autograd flags."""

from __future__ import annotations

from tutor.grade.kinds.base import Context, InvalidResult, Kind, Verdict
from tutor.grade.kinds.words import bound_to_none, describe, missing
from tutor.grade.protocol import Probe
from tutor.i18n import N_, _
from tutor.pack.checks import LeafCheck, RequiresGradCheck, RetainsGradCheck

_FLAG_HELP = {
    ("leaf", True): N_("`{n}` is not a leaf: it is the result of an operation on tensors that require grad. A leaf "
                       "is a tensor you create directly, or one cut from the graph with .detach()."),
    ("leaf", False): N_("`{n}` is a leaf, but it should be computed from other tensors so that it has a grad_fn."),
    ("requires_grad", True): N_("`{n}` does not require grad: create it with requires_grad=True, or call "
                                "`{n}.requires_grad_()` on a leaf."),
    ("requires_grad", False): N_("`{n}` still requires grad: compute it inside `with torch.no_grad():` so that "
                                 "autograd records no graph for it. (Calling .detach() afterwards gives the same "
                                 "flag, but the graph was already built.)"),
    # a leaf (a parameter, found by probing: freeze-the-first-layer) is frozen, not computed under no_grad
    ("requires_grad", False, "leaf"): N_("`{n}` is a leaf that still requires grad: freeze it with "
                                         "`{n}.requires_grad_(False)` (a whole module's parameters: "
                                         "`module.requires_grad_(False)`) before it is used."),
    ("retains_grad", True): N_("`{n}` does not retain its gradient: call `{n}.retain_grad()` before backward()."),
    ("retains_grad", False): N_("`{n}` retains its gradient, but it should not: remove the retain_grad() call."),
}
_FLAG_ATTR = {"leaf": "is_leaf", "requires_grad": "requires_grad", "retains_grad": "retains_grad"}


class Flag(Kind):
    """One of the three flags; ``name`` is the check kind and the flag."""

    def __init__(self, name: str, model: type) -> None:
        self.name = name
        self.model = model

    def label(self, check) -> str:
        if self.name == "leaf":
            return f"{check.tensor}.is_leaf"
        return f"{check.tensor}.{self.name}"

    def probes(self, check, key, exercise, side):
        return [Probe(key, "flags", name=check.tensor)]

    def mutant(self, check):
        t = check.tensor
        if self.name == "leaf":
            return (f"\n{t} = ({t} * 1) if {t}.is_leaf and {t}.requires_grad else {t}.detach()\n"
                    if check.expect is not False else f"\n{t} = {t}.detach()\n")
        if self.name == "requires_grad":
            return f"\n{t} = {t}.detach() if {t}.requires_grad else {t}.detach().requires_grad_()\n"
        return None

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        name = check.tensor
        problem = missing(name, yours)
        if problem:
            return False, problem
        if yours.get("t") != "flags":
            return False, _("`{name}` should be a tensor, but it is {description}.").format(
                name=name, description=describe(yours)) + bound_to_none(name, yours, ctx)
        attr = _FLAG_ATTR[check.kind]
        want = check.expect
        if want is None:
            if expected.get("t") != "flags":
                return False, _("the reference has no tensor `{name}` ({description}); tell your instructor.").format(
                    name=name, description=describe(expected))
            want = expected[attr]
        have = yours.get(attr)
        if not isinstance(have, bool) or not isinstance(want, bool):
            raise InvalidResult(f"{attr} is not a bool")
        rebound = ctx.observed.get("rebound_frozen") if isinstance(ctx.observed, dict) else None
        if check.kind == "requires_grad" and want is False and isinstance(rebound, list) and name in rebound:
            # the setup's tensor still requires grad: `w1, b1 = [p.detach() for p in first.parameters()]` beside
            # a forward under no_grad left `first` training (round 37's attacker)
            return False, _("`{name}` was bound to another tensor that does not require grad, while the tensor "
                            "the setup bound to it still requires one: freeze that tensor itself "
                            "(`{name}.requires_grad_(False)`, or the module it belongs to) instead of rebinding "
                            "the name.").format(name=name)
        if have == want:
            return True, ""
        key = (check.kind, want, "leaf") if (check.kind, want) == ("requires_grad", False) \
            and yours.get("is_leaf") is True else (check.kind, want)
        return False, _("`{name}.{attr}` is {have}, expected {want}. {help}").format(
            name=name, attr=attr, have=have, want=want, help=_(_FLAG_HELP[key]).format(n=name))


LEAF = Flag("leaf", LeafCheck)
REQUIRES_GRAD = Flag("requires_grad", RequiresGradCheck)
RETAINS_GRAD = Flag("retains_grad", RetainsGradCheck)
