"""Normalize a snapshot so two runs compare by meaning, not spelling. Torch-free.

The normalized graph keeps ops and leaves, drops constant inputs (they carry
no gradient; their positions are kept so ``x - 1`` and ``1 - x`` differ), and
applies, in this order:

1. alias rules (one op, several names):
   - ``.T`` / ``.t()`` / ``transpose`` / ``permute`` of a 2-D tensor -> Transpose
     (of a 0-D or 1-D tensor: nothing, a view)
   - ``sum`` / ``mean`` of a 0-D tensor: nothing, a view
   - ``mm`` / ``mv`` / ``matmul`` / ``bmm`` -> MatMul
   - ``addmm(b, x, W)`` (``F.linear``, ``nn.Linear``) -> Add(MatMul(x, W), b)
   - ``addcmul(b, w, x)`` -> Add(Mul(w, x), b), ``addcdiv(b, w, x)`` -> Add(Div(w, x), b)
     (with ``value=1``, their default)
   - ``rsub`` (``1 - x``) and ``a + (-b)`` -> Sub, operands in their real places
   - ``2 ** x`` puts ``x`` in the exponent's place, so it differs from ``x ** 2``
2. splicing: view-only ops (view, reshape, (un)squeeze, expand) when
   ``collapse_views`` is on, and the ops a check declares ``neutral``, are
   replaced by their one input;
3. algebra (``ALGEBRA`` in algebra.py, and docs/graph.md): the common
   spellings of one computation become one graph.

Reuse is kept: a node consumed twice stays one node with two parents, so
``y = x * 2; y + y`` differs from ``x * 2 + x * 2``.

Every pass is iterative and safe on hostile input: a dangling edge is
ignored, a cycle raises ValueError, nothing recurses.

This module builds the graph and runs the passes; the graph and the edits
passes share are in normgraph.py, the algebra pass in algebra.py, signatures
and hashes in signatures.py. Their public names are importable from here too.
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol

from tutor.gcpause import paused as gc_paused
from tutor.graph.algebra import ALGEBRA, ELEMENTWISE, apply_algebra
from tutor.graph.kinds import CONST, LEAF
from tutor.graph.names import name_rank
from tutor.graph.normgraph import COMMUTATIVE, NormGraph, NormNode, add_neg_to_sub, prune, splice, swap_operands
from tutor.graph.opnames import op_name
from tutor.graph.signatures import compute_signatures, graph_hash, local_key, ordered_children

__all__ = [
    "ALGEBRA", "COMMUTATIVE", "ELEMENTWISE", "MATMUL_OPS", "TRANSPOSE_OPS", "VIEW_OPS",
    "NormGraph", "NormNode", "canonical_hash", "graph_hash", "leaf_label", "local_key",
    "neutral_set", "normalize", "ordered_children",
]

# addcmul / addcdiv with value 1: an Add of this op and the first input (another value: left as it is)
FUSED_ADD = {"Addcmul": "Mul", "Addcdiv": "Div"}
VIEW_OPS = frozenset({"View", "Reshape", "UnsafeView", "Unsqueeze", "Squeeze", "Expand", "Alias", "Flatten"})
MATMUL_OPS = frozenset({"Mm", "Mv", "Matmul", "Dot", "Bmm"})
TRANSPOSE_OPS = frozenset({"T", "Transpose", "Permute"})


class SnapshotLike(Protocol):
    """What normalization reads of a ``GraphSnapshot``. Not imported from
    model.py: model.py imports this module (for ``canonical_hash``)."""

    roots: dict[str, int]

    def find(self, name: str) -> Any: ...

    def get(self, node_id: int) -> Any: ...

    def children(self, node_id: int) -> list[Any]: ...  # edges: (parent, child, input_nr, output_nr)


def leaf_label(node: Any) -> str:
    """A leaf's label, its best name and its shape (of a GraphNode or a NormNode)."""
    shape = "?" if node.shape is None else "(" + ", ".join(map(str, node.shape)) + ")"
    return f"Leaf {node.names[0] if node.names else '?'} {shape}"


def neutral_set(neutral: Iterable[str] | None) -> frozenset[str]:
    """Op names a check declared neutral, as labels: ``CloneBackward0`` and ``Clone`` -> ``Clone``."""
    if not neutral:
        return frozenset()
    return frozenset(op_name(str(n).strip()) for n in neutral if str(n).strip())


def _ordered_names(names: list[str], rank: dict[str, int] | None) -> list[str]:
    if not rank or len(names) < 2:
        return list(names)
    last = len(rank)
    return sorted(names, key=lambda n: rank.get(n, last))


def normalize(
    snapshot: SnapshotLike,
    root: str | None = None,
    *,
    collapse_views: bool = True,
    neutral: Iterable[str] | None = None,
    prefer: Iterable[str] | None = None,
    algebra: bool = True,
) -> NormGraph:
    """The normalized graph reachable from ``root`` (a name), or from every
    root when ``root`` is None (then ``NormGraph.root`` is None).

    ``neutral``: op names whose nodes are spliced out (replaced by their one
    tensor input). ``prefer``: names, best first; a tensor bound to several
    names is known by the best of them. ``algebra``: apply the algebra table."""
    # Thousands of small objects would start the cyclic GC again and again.
    with gc_paused():
        return _normalize(snapshot, root, collapse_views, neutral, prefer, algebra)


def _normalize(snapshot: SnapshotLike, root: str | None, collapse_views: bool,
               neutral: Iterable[str] | None, prefer: Iterable[str] | None, algebra: bool) -> NormGraph:
    if root is not None:
        start = snapshot.find(root)
        starts = [] if start is None else [start.id]
    else:
        starts = list(dict.fromkeys(i for i in snapshot.roots.values() if snapshot.get(i) is not None))
    rank = None if prefer is None else name_rank(prefer)

    # 1. One NormNode per reachable op/leaf node; constants become display text.
    nodes: dict[int, NormNode] = {}
    raw: dict[int, str] = {}
    get, children_of = _lookups(snapshot)
    stack = list(starts)
    while stack:
        nid = stack.pop()
        if nid in nodes:
            continue
        gn = get(nid)
        if gn is None:
            continue
        names = gn.names
        names = list(names) if not rank or len(names) < 2 else _ordered_names(names, rank)
        kind = gn.kind
        if kind == CONST:
            nodes[nid] = NormNode(nid, "Const", CONST, [], {}, names, gn.shape)
            continue
        kids: list[tuple[int, int]] = []
        consts: dict[int, str] = {}
        outs: dict[int, int] = {}
        attrs = gn.attrs
        nn = NormNode(nid, gn.op, kind, kids, consts, names, gn.shape, outs, gn.num_outputs, attrs)
        if kind == LEAF:
            nn.label = leaf_label(nn)
        raw_op = raw[nid] = gn.raw_op
        # A Python-number operand is no input at all; put it in its place so
        # x**2 (exponent 2) and 2**x (base 2) differ.
        if raw_op == "PowBackward0" and "exponent" in attrs:
            consts[1] = _number_text(attrs["exponent"])
        elif raw_op == "PowBackward2" and "self" in attrs:
            consts[0] = _number_text(attrs["self"])
        for _, c, input_nr, output_nr in children_of(nid):
            child = get(c)
            if child is None:
                continue  # a dangling edge (hostile or cut snapshot): no input
            if child.kind == CONST:
                consts[input_nr] = _const_text(child)
            else:
                kids.append((input_nr, c))
                if output_nr:
                    outs[input_nr] = output_nr
                stack.append(c)
        nodes[nid] = nn

    graph = NormGraph(nodes, starts[0] if (root is not None and starts) else None)
    _apply_aliases(graph, raw, algebra)
    # Every node built above is reachable from a start, and the aliases keep
    # it so: prune (a walk of the whole graph) has work only after a splice,
    # or an algebra rule that moves inputs, left a node behind.
    spliced = neutral_set(neutral)
    if (collapse_views or spliced) and splice(graph, raw, VIEW_OPS if collapse_views else frozenset(), spliced,
                                              then_prune=False):
        prune(graph)
    if algebra and apply_algebra(graph):
        prune(graph)
    compute_signatures(graph)
    return graph


def _lookups(snapshot: SnapshotLike) -> tuple[Any, Any]:
    """``snapshot.get`` and ``snapshot.children`` as two plain lookups. A
    GraphSnapshot's own index and edges by parent are read once (not
    imported: model.py imports this module), anything else goes through its
    methods. Edges are read as ``(parent, child, input_nr, output_nr)``."""
    index, down_edges = getattr(snapshot, "_index", None), getattr(snapshot, "_down", None)
    if callable(index) and callable(down_edges):
        by_id, down = index(), down_edges()
        if isinstance(by_id, dict) and isinstance(down, dict):
            empty: list[Any] = []
            return by_id.get, lambda nid: down.get(nid, empty)
    return snapshot.get, snapshot.children


def _number_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value)) + ".0"
    return str(value)


def _const_text(node: Any) -> str:
    if node.names:
        return node.names[0]
    if node.value is not None:
        return f"{node.value:g}" if isinstance(node.value, float) else str(node.value)
    return "const"


def _apply_aliases(graph: NormGraph, raw: dict[int, str], algebra: bool) -> None:
    nodes = graph.nodes
    fresh_id = -1
    for nid in list(nodes):
        n = nodes[nid]
        r = raw.get(nid, "")
        if n.label in TRANSPOSE_OPS and n.shape is not None and len(n.shape) == 2:
            n.label = "Transpose"
        elif n.label in TRANSPOSE_OPS and n.shape is not None and len(n.shape) < 2:
            n.label = "Alias"  # transposing a vector or a number changes nothing
        elif (n.label in ("Sum", "Mean") and n.shape == [] and len(n.children) == 1 and not n.consts
              and nodes.get(n.children[0][1]) is not None and nodes[n.children[0][1]].shape == []):
            n.label = "Alias"  # summing (or averaging) a number changes nothing: `(w * x + b).sum()` of scalars
        elif algebra and n.label in ("Dot", "Vdot") and r in ("DotBackward0", "VdotBackward0"):
            # dot(a, b) = sum(a * b)
            mul = NormNode(fresh_id, "Mul", "op", children=list(n.children), consts=dict(n.consts),
                           outs=dict(n.outs), shape=None)
            fresh_id -= 1
            nodes[mul.id] = mul
            n.label, n.children, n.consts, n.outs = "Sum", [(0, mul.id)], {}, {}
        elif n.label in MATMUL_OPS:
            n.label = "MatMul"
        elif r == "PowBackward2":  # number ** x: x is the exponent
            n.children = [(1, c) for _, c in n.children]
            n.outs = {1: o for o in n.outs.values()}
            n.consts = {0: n.consts.get(0, "number")}
        elif r in ("RsubBackward0", "RsubBackward1"):  # rsub(x, c) = c - x
            n.label = "Sub"
            swap_operands(n)
            if not n.consts and len(n.children) == 1:
                n.consts = {0: "number"}
        elif n.label == "Addmm" or (n.label in FUSED_ADD and n.attrs.get("value") == 1):
            # addmm(b, m1, m2) = m1 @ m2 + b; addcmul(b, t1, t2) = t1 * t2 + b; addcdiv: t1 / t2 + b
            kids = dict(n.children)
            inner = NormNode(fresh_id, FUSED_ADD.get(n.label, "MatMul"), "op", shape=n.shape)
            fresh_id -= 1
            inner.children = [(p - 1, kids[p]) for p in (1, 2) if p in kids]
            inner.outs = {p - 1: o for p, o in n.outs.items() if p in (1, 2)}
            inner.consts = {p - 1: text for p, text in n.consts.items() if p in (1, 2)}
            nodes[inner.id] = inner
            n.label = "Add"
            n.children = [(0, inner.id)] + ([(1, kids[0])] if 0 in kids else [])
            n.outs = {1: n.outs[0]} if 0 in n.outs else {}
            n.consts = {1: n.consts[0]} if 0 in n.consts else {}

    add_neg_to_sub(graph)


def canonical_hash(snapshot: SnapshotLike, root: str | None = None, *, collapse_views: bool = True,
                   neutral: Iterable[str] | None = None, prefer: Iterable[str] | None = None) -> str:
    return graph_hash(normalize(snapshot, root, collapse_views=collapse_views, neutral=neutral, prefer=prefer))
