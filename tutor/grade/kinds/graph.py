"""``graph``: the autograd graph reaching a named tensor matches the reference's."""

from __future__ import annotations

from tutor.grade.kinds.base import Context, Kind, Verdict
from tutor.grade.kinds.words import bound_to_none, describe, missing
from tutor.grade.protocol import Probe
from tutor.i18n import _
from tutor.pack.checks import GraphCheck


class Graph(Kind):
    name = "graph"
    model = GraphCheck

    def label(self, check) -> str:
        return _("graph of {root}").format(root=check.root)

    def probes(self, check, key, exercise, side):
        from tutor.graph.names import exercise_names

        return [Probe(key, "graph", name=check.root, options={"prefer": exercise_names(exercise)})]

    def mutant(self, check):
        r = check.root
        if check.tier == "leaves":
            return f"\n{r} = {r}.detach()\n"
        return f"\n{r} = {r}.exp()\n"

    def figure(self, check, expected, yours):
        """Both snapshots, for a front end to draw side by side."""
        if expected.get("t") == "graph" and yours.get("t") == "graph":
            return {"root": check.root, "expected": expected.get("snapshot"), "yours": yours.get("snapshot")}
        return None

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        name = check.root
        problem = missing(name, yours)
        if problem:
            return False, problem
        if yours.get("t") == "error":
            return False, _("the graph of `{name}` could not be read after your code ran ({why}). Make sure `{name}` is "
                            "a tensor computed from the exercise's inputs, and that your code does not replace or "
                            "change torch's own functions.").format(name=name, why=yours.get("why"))
        if yours.get("t") != "graph":
            number = _(" A number has no graph: `.item()`, `float()` and `math`'s functions leave autograd, so keep "
                       "`{name}` a tensor.").format(name=name) if yours.get("t") == "num" else ""
            return False, _("`{name}` should be a tensor with an autograd graph, but it is {description}.").format(
                name=name, description=describe(yours) + bound_to_none(name, yours, ctx)) + number
        if expected.get("t") != "graph":
            return False, _("the reference graph of `{name}` could not be read; tell your instructor.").format(name=name)
        from tutor.graph.compare import compare
        from tutor.graph.model import GraphSnapshot

        try:
            reference = GraphSnapshot.from_dict(expected["snapshot"])
        except ValueError:
            reference = None
        if reference is None or reference.find(name) is None:
            return False, _("the reference graph of `{name}` could not be read; tell your instructor.").format(name=name)
        try:  # what a run sends back is untrusted: validated, size-capped, cycles refused
            result = compare(reference, GraphSnapshot.from_untrusted(yours["snapshot"]), root=name, tier=check.tier,
                             collapse_views=check.collapse_views, neutral=getattr(check, "neutral", None))
        except ValueError as exc:
            return False, _("the graph of `{name}` could not be read after your code ran ({error}). Make sure "
                            "`{name}` is a tensor computed from the exercise's inputs.").format(name=name, error=exc)
        if result.equal:
            return True, ""
        return False, " ".join(result.differences) or _("the graph of `{name}` differs from the reference.").format(
            name=name)
