"""Expected and learner graphs as two marked text trees. Torch-free, UI-free.

Both graphs are normalized the way the grader compares them (constants folded
into their op, view-only ops spliced out, aliases applied), then drawn from
the checked root. A node is marked when no node on the other side has the
same subtree signature: on a path from the root the marks lead down to the
place where the two graphs part ways.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.graph.model import CONST, GraphSnapshot


@dataclass(frozen=True)
class DiffLine:
    text: str
    marked: bool = False


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


def diff_graphs(expected: GraphSnapshot, yours: GraphSnapshot, root: str,
                collapse_views: bool = True) -> tuple[list[DiffLine], list[DiffLine]]:
    """(expected lines, your lines), each line marked where it has no match."""
    from tutor.graph.normalize import normalize

    if yours.find(root) is None:
        e = normalize(expected, root, collapse_views=collapse_views)
        return tree_lines(e, set()), [DiffLine(f"(no tensor named {root})", True)]
    e = normalize(expected, root, collapse_views=collapse_views)
    a = normalize(yours, root, collapse_views=collapse_views)
    e_sigs = {e.sig[n] for n in e.nodes if n in e.sig}
    a_sigs = {a.sig[n] for n in a.nodes if n in a.sig}
    return tree_lines(e, a_sigs, a.sig.get(a.root)), tree_lines(a, e_sigs, e.sig.get(e.root))
