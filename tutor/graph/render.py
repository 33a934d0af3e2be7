"""Draw a snapshot: a text tree for terminals and DOT for Graphviz. Torch-free.

Text tree: roots at the top, a node's inputs below it. A node reached a
second time (a shared leaf, a reused intermediate) is printed as a reference
``-> [n]`` to its first occurrence instead of a copied subtree, so the
drawing stays linear in the graph's size and shows reuse honestly.

NOTE [tree depth]: a tree indents one level per node, so a chain n deep
drawn as one tree is O(n^2) characters (a 5,000-node chain was 50 MB of
spaces). A node ``MAX_DEPTH`` levels down has its inputs drawn later, in a
block of their own that starts at the left margin again (``[n] ...
(continued)``), and says so where it stops; every line is then at most
``MAX_DEPTH`` levels in, and the text grows linearly with the graph.
Graphs shallower than that are drawn exactly as before.
"""

from __future__ import annotations

from collections import deque

from tutor.graph.model import CONST, CUSTOM, FREED, LEAF, STALE, GraphNode, GraphSnapshot

MAX_DEPTH = 16  # levels of indentation before a subtree goes on in a block of its own

_BOLD, _DIM, _GREEN, _YELLOW, _CYAN, _RESET = "\x1b[1m", "\x1b[2m", "\x1b[32m", "\x1b[33m", "\x1b[36m", "\x1b[0m"


def _shape(shape: list[int] | None) -> str:
    return "?" if shape is None else "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def describe(node: GraphNode) -> str:
    """One line about a node, without colour."""
    if node.kind == CONST:
        head = "const"
        if node.names:
            head += " " + ", ".join(node.names)
        elif node.value is not None:
            head += f" {node.value:g}" if isinstance(node.value, float) else f" {node.value}"
        return head + (f" {_shape(node.shape)}" if node.shape is not None else "")
    if node.kind == LEAF:
        name = ", ".join(node.names) or "leaf"
        text = f"{name} {_shape(node.shape)} leaf"
    else:
        text = node.op + (" (custom Function)" if node.kind == CUSTOM else "")
        if node.names:
            text = f"{', '.join(node.names)} = {text}"
        text += f" {_shape(node.shape)}"
    marks = []
    if node.has_grad:
        marks.append(f"grad {_shape(node.grad_shape)}")
    if node.retains_grad and not node.is_leaf:
        marks.append("retains_grad")
    if node.hooks:
        marks.append(f"{node.hooks} hook{'s' if node.hooks > 1 else ''}")
    if node.post_accumulate_hooks:
        marks.append(f"{node.post_accumulate_hooks} post-accumulate hook{'s' if node.post_accumulate_hooks > 1 else ''}")
    freed = sum(1 for s in node.saved if s.state == FREED)
    stale = sum(1 for s in node.saved if s.state == STALE)
    if freed:
        marks.append("saved tensors freed")
    if stale:
        marks.append("saved tensor modified in place")
    if marks:
        text += " [" + "; ".join(marks) + "]"
    return text


def render_text(snapshot: GraphSnapshot, root: str | None = None, *, color: bool = False) -> str:
    """The graph as an indented tree. ``root`` picks one named root; by default
    every root is drawn, each shared node once."""
    if root is not None:
        node = snapshot.find(root)
        if node is None:
            return f"no tensor named {root!r} in this graph"
        starts = [(root, node.id)]
    else:
        # Outputs first (roots nothing else consumes), so the tree reads top-down.
        starts = sorted(
            ((name, i) for name, i in snapshot.roots.items() if snapshot.get(i) is not None),
            key=lambda item: bool(snapshot.parents(item[1])),
        )
    if not starts:
        return "(no tensors)"

    def paint(text: str, node: GraphNode) -> str:
        if not color:
            return text
        style = {LEAF: _GREEN, CONST: _DIM, CUSTOM: _YELLOW}.get(node.kind, "")
        if node.id in root_ids:
            style = _BOLD + style
        return f"{style}{text}{_RESET}" if style else text

    root_ids = {node_id for _, node_id in starts}
    first_line: dict[int, int] = {}  # node id -> number shown at its first occurrence
    lines: list[str] = []

    def push_inputs(stack: list, node_id: int, prefix: str, depth: int) -> None:
        kids = snapshot.children(node_id)
        for i in range(len(kids) - 1, -1, -1):
            stack.append((kids[i].child, prefix, "`-- " if i == len(kids) - 1 else "|-- ", depth))

    for _, start in starts:
        if start in first_line:
            continue  # already drawn under an earlier root
        # Iterative pre-order walk: (node id, prefix for children, connector,
        # depth); then each subtree cut at MAX_DEPTH, in order (NOTE [tree depth]).
        stack = [(start, "", "", 0)]
        continued: deque[int] = deque()
        while stack or continued:
            if not stack:
                node_id = continued.popleft()
                node = snapshot.get(node_id)
                text = f"[{first_line[node_id]}] " + describe(node) + " (continued)"
                lines.append(paint(text, node))
                push_inputs(stack, node_id, "", 1)
                continue
            node_id, prefix, connector, depth = stack.pop()
            node = snapshot.get(node_id)
            if node is None:  # a dangling reference in a hand-made snapshot
                lines.append(prefix + connector + f"? (no node {node_id})")
                continue
            if node_id in first_line:
                ref = f"-> [{first_line[node_id]}] {node.label}"
                lines.append(prefix + connector + (f"{_CYAN}{ref}{_RESET}" if color else ref))
                continue
            number = len(first_line) + 1
            first_line[node_id] = number
            text = f"[{number}] " + describe(node)
            if node.more_inputs:
                text += " ... (inputs cut by the node limit)"
            lines.append(prefix + connector + paint(text, node))
            child_prefix = prefix + ("" if not connector else ("|   " if connector == "|-- " else "    "))
            if depth >= MAX_DEPTH and snapshot.children(node_id):
                lines.append(child_prefix + f"`-- ... inputs of [{number}]: continued below")
                continued.append(node_id)
                continue
            push_inputs(stack, node_id, child_prefix, depth + 1)
    if snapshot.truncated:
        shown = len(snapshot.nodes)
        total = f"{snapshot.total_nodes}" if snapshot.total_exact else f"more than {snapshot.total_nodes}"
        lines.append(f"... showing {shown} of {total} nodes")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# DOT

_DOT_STYLE = {
    LEAF: 'shape=box, style="filled,rounded", fillcolor="#cde8c9"',
    CONST: 'shape=box, style="dashed", color="#888888", fontcolor="#555555"',
    CUSTOM: 'shape=box, style="filled", fillcolor="#f7e0a3", peripheries=2',
    "op": 'shape=box, style="filled", fillcolor="#e8e8e8"',
}
_ROOT_STYLE = 'penwidth=2, color="#1f5fbf"'
_SAVED_STYLE = 'shape=note, style="filled", fillcolor="#ffe9c4", fontsize=9'


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def render_dot(snapshot: GraphSnapshot) -> str:
    """Graphviz source, with a legend. Edges point from an input to the op
    that consumes it, the way values flow forward."""
    out = [
        "digraph autograd {",
        '  graph [rankdir=BT, fontname="Helvetica", fontsize=10];',
        '  node [fontname="Helvetica", fontsize=10];',
    ]
    root_ids = set(snapshot.roots.values())
    for node in snapshot.nodes:
        label = describe(node)
        style = _DOT_STYLE.get(node.kind, _DOT_STYLE["op"])
        if node.id in root_ids:
            style += ", " + _ROOT_STYLE
        out.append(f"  n{node.id} [label={_q(label)}, {style}];")
        for i, s in enumerate(node.saved):
            state = "" if s.state == "available" else "\n" + s.state
            sid = f"n{node.id}_s{i}"
            out.append(f"  {sid} [label={_q(f'saved {s.attr} {_shape(s.shape)}{state}')}, {_SAVED_STYLE}];")
            out.append(f"  {sid} -> n{node.id} [style=dotted, arrowhead=none];")
    for e in snapshot.edges:
        child = snapshot.get(e.child)
        if child is None or snapshot.get(e.parent) is None:
            continue
        attrs = f' [label="{e.output_nr}"]' if child.num_outputs > 1 else ""
        out.append(f"  n{e.child} -> n{e.parent}{attrs};")
    if snapshot.truncated:
        out.append(f"  truncated [label={_q(f'graph cut at {len(snapshot.nodes)} of {snapshot.total_nodes} nodes')}, shape=plaintext];")
    out.extend(_legend())
    out.append("}")
    return "\n".join(out) + "\n"


def _legend() -> list[str]:
    return [
        "  subgraph cluster_legend {",
        '    label="legend"; fontsize=9; color="#bbbbbb";',
        f'    legend_leaf [label="leaf (requires_grad)", {_DOT_STYLE[LEAF]}];',
        f'    legend_op [label="op (backward node)", {_DOT_STYLE["op"]}];',
        f'    legend_custom [label="custom autograd.Function", {_DOT_STYLE[CUSTOM]}];',
        f'    legend_const [label="constant (no grad)", {_DOT_STYLE[CONST]}];',
        f'    legend_out [label="output / named root", {_DOT_STYLE["op"]}, {_ROOT_STYLE}];',
        f'    legend_saved [label="saved for backward", {_SAVED_STYLE}];',
        "    legend_leaf -> legend_op -> legend_out [style=invis];",
        "    legend_const -> legend_custom -> legend_saved [style=invis];",
        "  }",
    ]
