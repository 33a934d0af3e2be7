"""A failed graph check's two graphs as marked text trees, for every front
end (the app's check result, ``check``, ``watch``, the REPL). Torch-free, UI-free.

The grader keeps both snapshots of each graph check on
``ExerciseResult.graphs``, keyed by the check's id (``CheckResult.check_id``),
never by its label: labels are translated. Both graphs are normalized the way the grader compares them (constants folded
into their op, view-only ops spliced out, aliases applied), then drawn from
the checked root as indented trees. The two drawings are then compared line
by line (longest common subsequence of the node labels, as ``diff`` does):
only the lines that have no counterpart on the other side are marked, so
identical lines never carry a ✗.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from tutor.graph.model import CONST, GraphSnapshot


@dataclass(frozen=True)
class DiffLine:
    text: str
    marked: bool = False


@dataclass(frozen=True)
class GraphFigure:
    """Both graphs of one failed graph check, with how the grader compared them."""

    check_id: str
    root: str
    expected: dict  # snapshot dicts, as the grader sent them
    yours: dict
    collapse_views: bool = True
    neutral: tuple[str, ...] = ()

    def diff(self) -> tuple[list[DiffLine], list[DiffLine]]:
        """(expected lines, your lines); raises ValueError or KeyError on a snapshot that cannot be read."""
        return diff_graphs(GraphSnapshot.from_dict(self.expected), GraphSnapshot.from_dict(self.yours), self.root,
                           self.collapse_views, self.neutral)


def failed_graph_figures(exercise: Any, result: Any) -> list[GraphFigure]:
    """The figures of the result's failed graph checks, in the exercise's order."""
    from tutor.grade.verdict import check_id

    failed = {getattr(c, "check_id", None) for c in result.checks if c.kind == "graph" and not c.passed}
    figures = getattr(result, "graphs", None) or {}
    out = []
    for index, check in enumerate(exercise.checks):
        key = check_id(index)
        pair = figures.get(key)
        if key in failed and isinstance(pair, dict):
            out.append(GraphFigure(key, str(pair.get("root") or getattr(check, "root", "")), pair.get("expected"),
                                   pair.get("yours"), getattr(check, "collapse_views", True),
                                   tuple(getattr(check, "neutral", None) or ())))
    return out


def _label(node) -> str:
    text = node.label
    if node.consts:
        slots = ["·"] * (max([*node.consts, *(p for p, _ in node.children)], default=-1) + 1)
        for pos, const in node.consts.items():
            slots[pos] = const
        text += "(" + ", ".join(slots) + ")"
    names = [n for n in node.names if n]
    if names and not text.startswith("Leaf"):
        text = f"{', '.join(names)} = {text}"
    return text


def tree_lines(graph, other_sigs: set[str], other_root_sig: str | None = None) -> list[DiffLine]:
    if graph.root is None or graph.root not in graph.nodes:
        return [DiffLine("(no graph)", True)]
    lines: list[DiffLine] = []
    seen: set[int] = set()
    stack = [(graph.root, "", "")]
    while stack:
        nid, prefix, connector = stack.pop()
        node = graph.nodes[nid]
        marked = graph.sig.get(nid) not in other_sigs or (nid == graph.root and graph.sig.get(nid) != other_root_sig)
        if nid in seen:
            lines.append(DiffLine(f"{prefix}{connector}-> {_label(node)} (shared)", marked))
            continue
        seen.add(nid)
        lines.append(DiffLine(prefix + connector + _label(node), marked))
        kids = [c for _, c in sorted(node.children) if graph.nodes.get(c) and graph.nodes[c].kind != CONST]
        child_prefix = prefix + ("" if not connector else ("│  " if connector == "├─ " else "   "))
        for i in range(len(kids) - 1, -1, -1):
            stack.append((kids[i], child_prefix, "└─ " if i == len(kids) - 1 else "├─ "))
    return lines


def diff_graphs(expected: GraphSnapshot, yours: GraphSnapshot, root: str, collapse_views: bool = True,
                neutral: tuple[str, ...] = ()) -> tuple[list[DiffLine], list[DiffLine]]:
    """(expected lines, your lines), each line marked where it has no match."""
    from tutor.graph.normalize import normalize

    e = normalize(expected, root, collapse_views=collapse_views, neutral=neutral)
    if yours.find(root) is None:
        return tree_lines(e, set()), [DiffLine(f"(no tensor named {root})", True)]
    a = normalize(yours, root, collapse_views=collapse_views, neutral=neutral)
    return mark_differences(tree_lines(e, set()), tree_lines(a, set()))


def _key(text: str) -> str:
    return text.lstrip("│├└─ ")


def mark_differences(expected: list[DiffLine], yours: list[DiffLine]) -> tuple[list[DiffLine], list[DiffLine]]:
    """Mark exactly the lines that differ between two drawings (a line diff)."""
    # Compare the nodes' labels, not the tree drawing: a subtree one level
    # deeper on one side is still the same lines.
    left = [line.text for line in expected]
    right = [line.text for line in yours]
    left_keys = [_key(t) for t in left]
    right_keys = [_key(t) for t in right]
    left_marked = [True] * len(left)
    right_marked = [True] * len(right)
    matcher = difflib.SequenceMatcher(None, left_keys, right_keys, autojunk=False)
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            left_marked[block.a + k] = False
            right_marked[block.b + k] = False
    return ([DiffLine(t, m) for t, m in zip(left, left_marked)],
            [DiffLine(t, m) for t, m in zip(right, right_marked)])
