"""Normalize a snapshot so two runs compare by meaning, not spelling. Torch-free.

The normalized graph keeps ops and leaves, drops constant inputs (they carry
no gradient; their positions are kept so ``x - 1`` and ``1 - x`` differ), and
applies alias rules:

- ``.T`` / ``.t()`` / ``transpose`` / ``permute`` of a 2-D tensor -> Transpose
- ``mm`` / ``mv`` / ``matmul`` / ``dot`` / ``bmm`` -> MatMul
- ``addmm(b, x, W)`` (``F.linear``, ``nn.Linear``) -> Add(MatMul(x, W), b)
- ``rsub`` (``1 - x``) and ``a + (-b)`` -> Sub, operands in their real places
- ``2 ** x`` puts ``x`` in the exponent's place, so it differs from ``x ** 2``
- view-only ops (view, reshape, (un)squeeze, expand) are spliced out when
  ``collapse_views`` is on.

Reuse is kept: a node consumed twice stays one node with two parents, so
``y = x * 2; y + y`` differs from ``x * 2 + x * 2``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from tutor.graph.model import CONST, LEAF, GraphNode, GraphSnapshot

COMMUTATIVE = frozenset({"Add", "Mul", "Maximum", "Minimum"})
VIEW_OPS = frozenset({"View", "Reshape", "UnsafeView", "Unsqueeze", "Squeeze", "Expand", "Alias", "Flatten"})
MATMUL_OPS = frozenset({"Mm", "Mv", "Matmul", "Dot", "Bmm"})
TRANSPOSE_OPS = frozenset({"T", "Transpose", "Permute"})


@dataclass
class NormNode:
    id: int  # snapshot node id, or negative for a node an alias rule made
    label: str  # "Mul", "Transpose", "Leaf w (3,)"
    kind: str
    children: list[tuple[int, int]] = field(default_factory=list)  # (input position, node id)
    consts: dict[int, str] = field(default_factory=dict)  # input position -> display text
    names: list[str] = field(default_factory=list)
    shape: list[int] | None = None

    @property
    def commutative(self) -> bool:
        return self.label in COMMUTATIVE

    @property
    def is_leaf(self) -> bool:
        return self.kind == LEAF


@dataclass
class NormGraph:
    nodes: dict[int, NormNode]
    root: int | None
    sig: dict[int, str] = field(default_factory=dict)  # node -> subtree signature

    def parents(self) -> dict[int, list[int]]:
        up: dict[int, list[int]] = {}
        for n in self.nodes.values():
            for _, c in n.children:
                up.setdefault(c, []).append(n.id)
        return up


def leaf_label(node: GraphNode) -> str:
    shape = "?" if node.shape is None else "(" + ", ".join(map(str, node.shape)) + ")"
    return f"Leaf {node.names[0] if node.names else '?'} {shape}"


def normalize(snapshot: GraphSnapshot, root: str | None = None, *, collapse_views: bool = True) -> NormGraph:
    """The normalized graph reachable from ``root`` (a name), or from every
    root when ``root`` is None (then ``NormGraph.root`` is None)."""
    if root is not None:
        start = snapshot.find(root)
        starts = [] if start is None else [start.id]
    else:
        starts = list(dict.fromkeys(snapshot.roots.values()))

    # 1. One NormNode per reachable op/leaf node; constants become display text.
    nodes: dict[int, NormNode] = {}
    raw: dict[int, str] = {}
    stack = list(starts)
    while stack:
        nid = stack.pop()
        if nid in nodes:
            continue
        gn = snapshot.node(nid)
        if gn.kind == CONST:
            nodes[nid] = NormNode(nid, "Const", CONST, names=list(gn.names), shape=gn.shape)
            continue
        label = leaf_label(gn) if gn.kind == LEAF else gn.op
        nn = NormNode(nid, label, gn.kind, names=list(gn.names), shape=gn.shape)
        raw[nid] = gn.raw_op
        # A Python-number operand is no input at all; put it in its place so
        # x**2 (exponent 2) and 2**x (base 2) differ.
        if gn.raw_op == "PowBackward0" and "exponent" in gn.attrs:
            nn.consts[1] = str(gn.attrs["exponent"])
        elif gn.raw_op == "PowBackward2" and "self" in gn.attrs:
            nn.consts[0] = str(gn.attrs["self"])
        for e in snapshot.children(nid):
            child = snapshot.node(e.child)
            if child.kind == CONST:
                nn.consts[e.input_nr] = _const_text(child)
            else:
                nn.children.append((e.input_nr, e.child))
                stack.append(e.child)
        nodes[nid] = nn

    graph = NormGraph(nodes, starts[0] if (root is not None and starts) else None)
    _apply_aliases(graph, raw, collapse_views)
    _signatures(graph)
    return graph


def _const_text(node: GraphNode) -> str:
    if node.names:
        return node.names[0]
    if node.value is not None:
        return f"{node.value:g}" if isinstance(node.value, float) else str(node.value)
    return "const"


def _apply_aliases(graph: NormGraph, raw: dict[int, str], collapse_views: bool) -> None:
    nodes = graph.nodes
    fresh_id = -1
    for nid in list(nodes):
        n = nodes[nid]
        r = raw.get(nid, "")
        if n.label in TRANSPOSE_OPS and n.shape is not None and len(n.shape) == 2:
            n.label = "Transpose"
        elif n.label in MATMUL_OPS:
            n.label = "MatMul"
        elif r == "PowBackward2":  # number ** x: x is the exponent
            n.children = [(1, c) for _, c in n.children]
            n.consts = {0: n.consts.get(0, "number")}
        elif r in ("RsubBackward0", "RsubBackward1"):  # rsub(x, c) = c - x
            n.label = "Sub"
            n.children = [(1 - p, c) for p, c in n.children]
            n.consts = {1 - p: v for p, v in n.consts.items()} if n.consts else {0: "number"}
        elif n.label == "Addmm":  # addmm(b, m1, m2) = m1 @ m2 + b
            kids = dict(n.children)
            mm = NormNode(fresh_id, "MatMul", "op", shape=n.shape)
            fresh_id -= 1
            mm.children = [(p - 1, kids[p]) for p in (1, 2) if p in kids]
            nodes[mm.id] = mm
            n.label = "Add"
            n.children = [(0, mm.id)] + ([(1, kids[0])] if 0 in kids else [])
            n.consts = {1: n.consts[0]} if 0 in n.consts else {}

    # a + (-b) is a - b: only when the Neg has no other consumer.
    parents = graph.parents()
    for n in list(nodes.values()):
        if n.label != "Add" or len(n.children) + len(n.consts) != 2:
            continue
        negs = [(p, c) for p, c in n.children if nodes[c].label == "Neg" and len(parents.get(c, [])) == 1]
        if len(negs) != 1:
            continue
        neg_pos, neg_id = negs[0]
        others = [(p, c) for p, c in n.children if c != neg_id]
        n.label = "Sub"
        n.children = [(0, c) for _, c in others] + [(1, c) for _, c in nodes[neg_id].children]
        n.consts = {0: v for v in n.consts.values()}
        del nodes[neg_id]

    if collapse_views:
        _collapse_views(graph)


def _collapse_views(graph: NormGraph) -> None:
    nodes = graph.nodes

    def through(nid: int) -> int:
        seen = 0
        while nodes[nid].label in VIEW_OPS and len(nodes[nid].children) == 1 and seen < 10_000:
            nid = nodes[nid].children[0][1]
            seen += 1
        return nid

    for n in nodes.values():
        n.children = [(p, through(c)) for p, c in n.children]
    if graph.root is not None:
        graph.root = through(graph.root)
    reachable = _reachable(graph)
    for nid in list(nodes):
        if nid not in reachable:
            # Keep names of spliced views on what they viewed, for messages.
            del nodes[nid]


def _reachable(graph: NormGraph) -> set[int]:
    if graph.root is not None:
        starts = [graph.root]
    else:
        parents = graph.parents()
        starts = [n.id for n in graph.nodes.values() if n.names or n.id not in parents]
    seen: set[int] = set()
    stack = [s for s in starts if s is not None]
    while stack:
        nid = stack.pop()
        if nid in seen:
            continue
        seen.add(nid)
        stack.extend(c for _, c in graph.nodes[nid].children)
    return seen


def local_key(graph: NormGraph, nid: int) -> tuple:
    """What a node is, apart from its inputs' subtrees."""
    n = graph.nodes[nid]
    if n.commutative:
        return (n.label, len(n.consts), len(n.children))
    return (n.label, tuple(sorted(n.consts)), tuple(sorted(p for p, _ in n.children)))


def ordered_children(graph: NormGraph, nid: int) -> list[int]:
    """Children in comparison order: by position, or by signature for
    commutative ops so ``w*x + b`` and ``b + x*w`` line up."""
    n = graph.nodes[nid]
    if n.commutative:
        return sorted((c for _, c in n.children), key=lambda c: graph.sig[c])
    return [c for _, c in sorted(n.children)]


def _signatures(graph: NormGraph) -> None:
    """Subtree signatures (Merkle hashes), computed bottom-up without recursion."""
    nodes, sig = graph.nodes, graph.sig
    for start in list(nodes):
        if start in sig:
            continue
        stack = [(start, False)]
        while stack:
            nid, ready = stack.pop()
            if nid in sig:
                continue
            n = nodes[nid]
            if not ready:
                stack.append((nid, True))
                stack.extend((c, False) for _, c in n.children if c not in sig)
                continue
            if n.commutative:
                parts = sorted(sig[c] for _, c in n.children)
            else:
                parts = [f"{p}:{sig[c]}" for p, c in sorted(n.children)]
            consts = ",".join(str(p) for p in sorted(n.consts)) if not n.commutative else str(len(n.consts))
            text = f"{n.label}|{consts}|" + ",".join(parts)
            sig[nid] = hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def canonical_hash(snapshot: GraphSnapshot, root: str | None = None, *, collapse_views: bool = True) -> str:
    return graph_hash(normalize(snapshot, root, collapse_views=collapse_views))


def graph_hash(graph: NormGraph) -> str:
    """Hash of the normalized DAG *with its sharing*: nodes are numbered in a
    canonical pre-order and a revisit is written as a reference, so reuse and
    recomputation hash differently even when subtree signatures agree."""
    if graph.root is not None:
        starts = [graph.root]
    else:
        parents = graph.parents()
        starts = sorted((n for n in graph.nodes if n not in parents), key=lambda n: graph.sig[n])
    number: dict[int, int] = {}
    records: list[str] = []
    stack = list(reversed(starts))
    while stack:
        nid = stack.pop()
        if nid in number:
            continue
        number[nid] = len(number)
        stack.extend(reversed(ordered_children(graph, nid)))
    for nid, k in sorted(number.items(), key=lambda item: item[1]):
        kids = ",".join(str(number[c]) for c in ordered_children(graph, nid))
        records.append(f"{k}={graph.sig[nid]}[{kids}]")
    return hashlib.sha256(";".join(records).encode()).hexdigest()
