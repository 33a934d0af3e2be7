"""What the graph pane's details box says about the node under the cursor."""

from __future__ import annotations

from tutor.graph.model import CUSTOM, FREED, STALE, GraphNode, GraphSnapshot
from tutor.i18n import _


def _op_text(node: GraphNode) -> str:
    raw = (node.raw_op or "").rsplit("::", 1)[-1]
    if not raw or raw == node.op or raw.startswith(node.op + "Backward") or raw == "AccumulateGrad":
        return node.op
    return f"{node.op} ({raw})"


def node_details(node: GraphNode | None, snapshot: GraphSnapshot | None) -> str:
    """What the details box says about one node."""
    if node is None or snapshot is None:
        return _("Move the cursor onto a node to see its details.")
    shape = "?" if node.shape is None else "(" + ", ".join(map(str, node.shape)) + ")"
    rows = [
        ("op", _op_text(node)),
        ("names", ", ".join(node.names) or "-"),
        ("shape", shape),
        ("dtype", node.dtype or "?"),
        ("device", node.device or "?"),
        ("is_leaf", str(node.is_leaf)),
        ("requires_grad", str(node.requires_grad)),
        ("grad", ("yes " + ("(" + ", ".join(map(str, node.grad_shape)) + ")" if node.grad_shape else ""))
         if node.has_grad else "none"),
    ]
    if node.retains_grad is not None and not node.is_leaf:
        rows.append(("retains_grad", str(node.retains_grad)))
    if node.saved:
        parts = []
        for s in node.saved:
            state = {FREED: " " + _("FREED by backward"), STALE: " " + _("MODIFIED in place")}.get(s.state, "")
            s_shape = "?" if s.shape is None else "(" + ", ".join(map(str, s.shape)) + ")"
            parts.append(f"{s.attr} {s_shape}{state}")
        rows.append(("saved", "; ".join(parts)))
    else:
        rows.append(("saved", "-"))
    hooks = []
    if node.hooks:
        hooks.append(f"{node.hooks} tensor")
    if node.post_accumulate_hooks:
        hooks.append(f"{node.post_accumulate_hooks} post-accumulate")
    rows.append(("hooks", ", ".join(hooks) if hooks else ("-" if node.hooks is not None else _("unknown"))))
    inputs = len(snapshot.children(node.id))
    rows.append(("inputs", str(inputs) + (" " + _("(more cut by the node limit)") if node.more_inputs else "")))
    if node.kind == CUSTOM:
        rows.append(("kind", _("custom autograd.Function")))
    return "\n".join(f"{k:>13}  {v}" for k, v in rows)
