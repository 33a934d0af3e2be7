"""``through``: the autograd graph of a named tensor passes through a named
node, such as the custom Function a "fix" exercise is about.

A value check alone cannot tell a fixed ``XSin`` from an answer that
bypasses it (``x * torch.sin(x)`` with plain autograd gives the same
numbers); ``{kind: through, root: y, node: XSin}`` can.

This kind is the example of what a new kind needs (docs/architecture.md,
"Adding a check kind"): this module, its model in tutor/pack/checks.py, and
one line in kinds/__init__.py's registry.
"""

from __future__ import annotations

from tutor.grade.kinds.base import Context, Kind, Verdict
from tutor.grade.kinds.words import bound_to_none, describe, missing
from tutor.grade.protocol import Probe
from tutor.i18n import _
from tutor.pack.checks import ThroughCheck


class Through(Kind):
    name = "through"
    model = ThroughCheck

    def label(self, check) -> str:
        return _("{root} goes through {node}").format(root=check.root, node=check.node)

    def probes(self, check, key, exercise, side):
        # The learner's side only: the verdict needs no reference data.
        from tutor.graph.names import exercise_names

        if side != "learner":
            return []
        return [Probe(key, "graph", name=check.root, options={"prefer": exercise_names(exercise)})]

    def mutant(self, check):
        r = check.root
        return f"\n{r} = {r}.detach().requires_grad_()\n"

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        from tutor.graph.model import GraphSnapshot

        name = check.root
        problem = missing(name, yours)
        if problem:
            return False, problem
        if yours.get("t") != "graph":
            return False, _("`{name}` should be a tensor with an autograd graph, but it is {description}.").format(
                name=name, description=describe(yours) + bound_to_none(name, yours, ctx))
        try:  # untrusted: validated, size-capped, cycles refused
            graph = GraphSnapshot.from_untrusted(yours["snapshot"])
        except ValueError as exc:
            return False, _("the graph of `{name}` could not be read after your code ran ({error}).").format(
                name=name, error=exc)
        root = graph.find(name)
        if root is not None and _reaches(graph, root.id, check.node):
            return True, ""
        return False, _("the autograd graph of `{name}` does not go through `{node}`: your result must be computed "
                        "by `{node}` (for a custom Function, by `{node}.apply(...)`), not around it.").format(
            name=name, node=check.node)


def _reaches(graph, start: int, node: str) -> bool:
    """Is a node called ``node`` (as the graph shows it, or as torch names it)
    on the way from ``start`` to the leaves? Iterative: graphs can be deep."""
    seen, todo = {start}, [start]
    while todo:
        current = graph.get(todo.pop())
        if current is None:
            continue
        if node in (current.op, current.raw_op):
            return True
        for edge in graph.children(current.id):
            if edge.child not in seen:
                seen.add(edge.child)
                todo.append(edge.child)
    return False
