"""Normalize a snapshot so two runs compare by meaning, not spelling. Torch-free.

The normalized graph keeps ops and leaves, drops constant inputs (they carry
no gradient; their positions are kept so ``x - 1`` and ``1 - x`` differ), and
applies, in this order:

1. alias rules (one op, several names):
   - ``.T`` / ``.t()`` / ``transpose`` / ``permute`` of a 2-D tensor -> Transpose
     (of a 0-D or 1-D tensor: nothing, a view)
   - ``mm`` / ``mv`` / ``matmul`` / ``bmm`` -> MatMul
   - ``addmm(b, x, W)`` (``F.linear``, ``nn.Linear``) -> Add(MatMul(x, W), b)
   - ``rsub`` (``1 - x``) and ``a + (-b)`` -> Sub, operands in their real places
   - ``2 ** x`` puts ``x`` in the exponent's place, so it differs from ``x ** 2``
2. splicing: view-only ops (view, reshape, (un)squeeze, expand) when
   ``collapse_views`` is on, and the ops a check declares ``neutral``, are
   replaced by their one input;
3. algebra (``ALGEBRA`` below, and docs/graph.md): the common spellings of
   one computation become one graph.

Reuse is kept: a node consumed twice stays one node with two parents, so
``y = x * 2; y + y`` differs from ``x * 2 + x * 2``.

Every pass is iterative and safe on hostile input: a dangling edge is
ignored, a cycle raises ValueError, nothing recurses.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Iterable

from tutor.graph.model import CONST, LEAF, GraphNode, GraphSnapshot
from tutor.graph.opnames import op_name

COMMUTATIVE = frozenset({"Add", "Mul", "Maximum", "Minimum"})
VIEW_OPS = frozenset({"View", "Reshape", "UnsafeView", "Unsqueeze", "Squeeze", "Expand", "Alias", "Flatten"})
MATMUL_OPS = frozenset({"Mm", "Mv", "Matmul", "Dot", "Bmm"})
TRANSPOSE_OPS = frozenset({"T", "Transpose", "Permute"})
# Element-wise ops of one tensor input: f(x)[i] == f(x[i]), so summing or
# stacking f over the elements of x is f of x (``sum(xi**2 for xi in x)``).
ELEMENTWISE = frozenset({
    "Square", "Pow", "Mul", "Div", "Add", "Sub", "Neg", "Exp", "Exp2", "Expm1", "Log", "Log2", "Log10",
    "Log1P", "Sin", "Cos", "Tan", "Sinh", "Cosh", "Tanh", "Asin", "Acos", "Atan", "Sigmoid", "Relu",
    "Abs", "Sqrt", "Rsqrt", "Reciprocal", "Erf", "Softplus", "Gelu", "Silu", "Elu", "LeakyRelu",
    "Clamp", "ClampMin", "ClampMax", "Hardtanh", "Sign", "Sgn",
})
_TWO = frozenset({"2", "2.0"})
_ZERO = frozenset({"0", "0.0", "const"})  # Python's sum() starts from an unsaved 0

# The algebra table, as documented in docs/graph.md ("Algebraic spellings").
ALGEBRA = (
    ("x ** 2, x.pow(2), torch.square(x), x * x", "Square(x)"),
    ("x.dot(y), x @ y, torch.dot / vdot / inner on 1-D", "Sum(Mul(x, y))  (so x.dot(x) is Sum(Square(x)))"),
    ("sum(t) in Python (an Add chain over unbind), sum(f(ti) for ti in t)", "Sum(t), Sum(f(t)) for element-wise f"),
    ("torch.stack([f(ti) for ti in t]) (same dim)", "f(t)"),
    ("v @ W.T, F.linear(v, W) (v 1-D)", "MatMul(W, v), as W @ v"),
    ("W.T @ v (v 1-D)", "MatMul(v, W), as v @ W"),
    ("-(a - b)", "Sub(b, a)"),
    ("a - (-b)", "Add(a, b)"),
    ("x * -1, -1 * x", "Neg(x)"),
)


@dataclass
class NormNode:
    id: int  # snapshot node id, or negative for a node an alias rule made
    label: str  # "Mul", "Transpose", "Leaf w (3,)"
    kind: str
    children: list[tuple[int, int]] = field(default_factory=list)  # (input position, node id)
    consts: dict[int, str] = field(default_factory=dict)  # input position -> display text
    names: list[str] = field(default_factory=list)
    shape: list[int] | None = None
    outs: dict[int, int] = field(default_factory=dict)  # input position -> child's output number, when not 0
    num_outputs: int = 1
    attrs: dict = field(default_factory=dict)  # the snapshot node's non-tensor saved values

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


def leaf_label(node: GraphNode | NormNode) -> str:
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
    snapshot: GraphSnapshot,
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
    import gc

    # Thousands of small objects would start the cyclic GC again and again.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _normalize(snapshot, root, collapse_views, neutral, prefer, algebra)
    finally:
        if was_enabled:
            gc.enable()


def _normalize(snapshot: GraphSnapshot, root: str | None, collapse_views: bool,
               neutral: Iterable[str] | None, prefer: Iterable[str] | None, algebra: bool) -> NormGraph:
    if root is not None:
        start = snapshot.find(root)
        starts = [] if start is None else [start.id]
    else:
        starts = list(dict.fromkeys(i for i in snapshot.roots.values() if snapshot.get(i) is not None))
    rank = None
    if prefer is not None:
        rank = {}
        for name in prefer:
            if isinstance(name, str):
                rank.setdefault(name, len(rank))

    # 1. One NormNode per reachable op/leaf node; constants become display text.
    nodes: dict[int, NormNode] = {}
    raw: dict[int, str] = {}
    stack = list(starts)
    while stack:
        nid = stack.pop()
        if nid in nodes:
            continue
        gn = snapshot.get(nid)
        if gn is None:
            continue
        names = _ordered_names(gn.names, rank)
        if gn.kind == CONST:
            nodes[nid] = NormNode(nid, "Const", CONST, names=names, shape=gn.shape)
            continue
        nn = NormNode(nid, gn.op, gn.kind, names=names, shape=gn.shape, num_outputs=gn.num_outputs)
        if gn.kind == LEAF:
            nn.label = leaf_label(nn)
        nn.attrs = gn.attrs
        raw[nid] = gn.raw_op
        # A Python-number operand is no input at all; put it in its place so
        # x**2 (exponent 2) and 2**x (base 2) differ.
        if gn.raw_op == "PowBackward0" and "exponent" in gn.attrs:
            nn.consts[1] = _number_text(gn.attrs["exponent"])
        elif gn.raw_op == "PowBackward2" and "self" in gn.attrs:
            nn.consts[0] = _number_text(gn.attrs["self"])
        for e in snapshot.children(nid):
            child = snapshot.get(e.child)
            if child is None:
                continue  # a dangling edge (hostile or cut snapshot): no input
            if child.kind == CONST:
                nn.consts[e.input_nr] = _const_text(child)
            else:
                nn.children.append((e.input_nr, e.child))
                if e.output_nr:
                    nn.outs[e.input_nr] = e.output_nr
                stack.append(e.child)
        nodes[nid] = nn

    graph = NormGraph(nodes, starts[0] if (root is not None and starts) else None)
    _apply_aliases(graph, raw, algebra)
    spliced = neutral_set(neutral)
    if collapse_views or spliced:
        _splice(graph, raw, VIEW_OPS if collapse_views else frozenset(), spliced)
    if algebra:
        _apply_algebra(graph)
    _prune(graph)
    _signatures(graph)
    return graph


def _number_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value)) + ".0"
    return str(value)


def _const_text(node: GraphNode) -> str:
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
            _swap_operands(n)
            if not n.consts and len(n.children) == 1:
                n.consts = {0: "number"}
        elif n.label == "Addmm":  # addmm(b, m1, m2) = m1 @ m2 + b
            kids = dict(n.children)
            mm = NormNode(fresh_id, "MatMul", "op", shape=n.shape)
            fresh_id -= 1
            mm.children = [(p - 1, kids[p]) for p in (1, 2) if p in kids]
            mm.outs = {p - 1: o for p, o in n.outs.items() if p in (1, 2)}
            nodes[mm.id] = mm
            n.label = "Add"
            n.children = [(0, mm.id)] + ([(1, kids[0])] if 0 in kids else [])
            n.outs = {1: n.outs[0]} if 0 in n.outs else {}
            n.consts = {1: n.consts[0]} if 0 in n.consts else {}

    _add_neg_to_sub(graph)


def _add_neg_to_sub(graph: NormGraph) -> None:
    """a + (-b) is a - b: only when the Neg has no other consumer."""
    nodes = graph.nodes
    if not any(n.label == "Neg" for n in nodes.values()):
        return
    parents = graph.parents()
    for n in list(nodes.values()):
        if n.id not in nodes or n.label != "Add" or len(n.children) + len(n.consts) != 2:
            continue
        negs = [(p, c) for p, c in n.children
                if c in nodes and nodes[c].label == "Neg" and len(parents.get(c, [])) == 1 and c != n.id]
        if len(negs) != 1:
            continue
        neg_pos, neg_id = negs[0]
        others = [(p, c) for p, c in n.children if c != neg_id]
        neg = nodes[neg_id]
        n.label = "Sub"
        n.outs = {0: n.outs[p] for p, _ in others if p in n.outs}
        n.outs.update({1: o for o in neg.outs.values()})
        n.children = [(0, c) for _, c in others] + [(1, c) for _, c in neg.children]
        n.consts = {0: v for v in n.consts.values()}
        del nodes[neg_id]


def _swap_operands(n: NormNode) -> None:
    """Positions 0 and 1 trade places (of children, constants, output numbers)."""
    n.children = [(1 - p if p in (0, 1) else p, c) for p, c in n.children]
    n.consts = {(1 - p if p in (0, 1) else p): v for p, v in n.consts.items()}
    n.outs = {(1 - p if p in (0, 1) else p): o for p, o in n.outs.items()}


def _splice(graph: NormGraph, raw: dict[int, str], views: frozenset[str], neutral: frozenset[str]) -> None:
    """Replace each spliceable node (one tensor input) by its input."""
    nodes = graph.nodes

    def spliceable(n: NormNode) -> bool:
        if len(n.children) != 1 or n.kind == LEAF or n.kind == CONST:
            return False
        if n.label in views or n.label in neutral:
            return True
        return bool(neutral) and op_name(raw.get(n.id, "")) in neutral

    target: dict[int, tuple[int, int]] = {}  # node -> (what it stands for, output number)

    def through(nid: int, out: int) -> tuple[int, int]:
        chain: list[int] = []
        on_chain: set[int] = set()
        while nid in nodes and nid not in target and spliceable(nodes[nid]):
            if nid in on_chain:
                raise ValueError("graph snapshot has a cycle")
            chain.append(nid)
            on_chain.add(nid)
            pos, child = nodes[nid].children[0]
            nid, out = child, nodes[nid].outs.get(pos, 0)
        end = target.get(nid, (nid, out))
        for c in chain:
            target[c] = end
        return end

    for n in list(nodes.values()):
        kids, outs = [], {}
        for p, c in n.children:
            t, o = through(c, n.outs.get(p, 0))
            kids.append((p, t))
            if o:
                outs[p] = o
        n.children, n.outs = kids, outs
    if graph.root is not None:
        graph.root = through(graph.root, 0)[0]
    _prune(graph)


def _prune(graph: NormGraph) -> None:
    nodes = graph.nodes
    for n in nodes.values():
        if any(c not in nodes for _, c in n.children):
            n.children = [(p, c) for p, c in n.children if c in nodes]
    reachable = _reachable(graph)
    for nid in list(nodes):
        if nid not in reachable:
            del nodes[nid]


def _reachable(graph: NormGraph) -> set[int]:
    if graph.root is not None:
        starts = [graph.root]
    else:
        parents = graph.parents()
        starts = [n.id for n in graph.nodes.values() if n.names or n.id not in parents]
    seen: set[int] = set()
    stack = [s for s in starts if s is not None and s in graph.nodes]
    while stack:
        nid = stack.pop()
        if nid in seen:
            continue
        seen.add(nid)
        stack.extend(c for _, c in graph.nodes[nid].children if c in graph.nodes)
    return seen


# ----- algebra -------------------------------------------------------------------


def _apply_algebra(graph: NormGraph) -> None:
    nodes = graph.nodes
    # Local rewrites first: they do not change who consumes whom.
    for n in nodes.values():
        _square(n)
    parents = graph.parents()
    for n in list(nodes.values()):
        if n.id not in nodes:
            continue
        if n.label == "Mul" and len(n.children) == 1 and list(n.consts.values()) == ["-1"]:
            n.label, n.consts = "Neg", {}
            n.children = [(0, n.children[0][1])]
            n.outs = {0: o for o in n.outs.values()}
    _add_neg_to_sub(graph)
    labels = {n.label for n in nodes.values()}
    parents = graph.parents() if labels & {"Neg", "Sub"} else {}
    for n in list(nodes.values()):
        if n.id not in nodes:
            continue
        if n.label == "Neg" and len(n.children) == 1 and not n.consts:
            c = n.children[0][1]
            sub = nodes.get(c)
            if sub is not None and sub.label == "Sub" and len(parents.get(c, ())) == 1 and c != n.id \
                    and len(sub.children) + len(sub.consts) == 2 and not n.outs:
                # -(a - b) = b - a
                n.label, n.children, n.consts, n.outs = "Sub", sub.children, sub.consts, sub.outs
                _swap_operands(n)
                del nodes[c]
        elif n.label == "Sub" and len(n.children) + len(n.consts) == 2:
            negs = [c for p, c in n.children if p == 1 and c in nodes and nodes[c].label == "Neg"
                    and len(parents.get(c, ())) == 1 and c != n.id and len(nodes[c].children) == 1]
            if negs:  # a - (-b) = a + b
                neg = nodes.pop(negs[0])
                n.label = "Add"
                n.children = [(p, c) for p, c in n.children if p != 1] + [(1, neg.children[0][1])]
                n.outs = {p: o for p, o in n.outs.items() if p != 1}
                n.outs.update({1: o for o in neg.outs.values()})
    if "MatMul" in labels and "Transpose" in labels:
        parents = graph.parents()
        for n in list(nodes.values()):
            if n.id in nodes and n.label == "MatMul":
                _matvec(graph, n, parents)
    if labels & {"Unbind", "Select"}:
        if "Add" in labels:
            _python_sum_at_tops(graph, graph.parents())
        if "Stack" in labels:
            parents = graph.parents()
            for n in list(nodes.values()):
                if n.id in nodes and n.label == "Stack":
                    _stack_of_elements(graph, n, parents)
    for n in nodes.values():
        _square(n)


def _square(n: NormNode) -> None:
    """x ** 2 and x * x (the very same tensor) -> Square(x)."""
    if n.label == "Pow" and len(n.children) == 1 and n.children[0][0] == 0 and n.consts.get(1) in _TWO:
        n.label, n.consts = "Square", {}
    elif (n.label == "Mul" and len(n.children) == 2 and not n.consts
            and n.children[0][1] == n.children[1][1]
            and n.outs.get(n.children[0][0], 0) == n.outs.get(n.children[1][0], 0)):
        out = n.outs.get(n.children[0][0], 0)
        n.label, n.children = "Square", [(0, n.children[0][1])]
        n.outs = {0: out} if out else {}


def _matvec(graph: NormGraph, n: NormNode, parents: dict[int, list[int]]) -> None:
    """v @ W.T -> W @ v and W.T @ v -> v @ W for a 1-D v: no transpose needed."""
    if len(n.children) != 2 or n.consts:
        return
    kids = dict(n.children)
    if set(kids) != {0, 1}:
        return
    for t_pos, v_pos in ((1, 0), (0, 1)):
        t, v = graph.nodes.get(kids[t_pos]), graph.nodes.get(kids[v_pos])
        if (t is None or v is None or t.label != "Transpose" or len(t.children) != 1
                or len(parents.get(t.id, ())) != 1 or v.shape is None or len(v.shape) != 1 or t.id == n.id):
            continue
        m, m_out = t.children[0][1], t.outs.get(t.children[0][0], 0)
        v_out = n.outs.get(v_pos, 0)
        n.children = [(t_pos ^ 1, m), (v_pos ^ 1, v.id)]
        n.outs = {p: o for p, o in ((t_pos ^ 1, m_out), (v_pos ^ 1, v_out)) if o}
        del graph.nodes[t.id]
        return


def _element_of(graph: NormGraph, nid: int, out: int, parents: dict[int, list[int]]) -> tuple | None:
    """(what it is an element of, which element, how many there are) for
    output ``out`` of Unbind ``nid``, or for Select ``nid`` (``t[i]``)."""
    node = graph.nodes.get(nid)
    if node is None or len(node.children) != 1:
        return None
    pos, t = node.children[0]
    t_out = node.outs.get(pos, 0)
    if node.label == "Unbind":
        return (("unbind", nid, t, t_out), out, node.num_outputs)
    if node.label == "Select" and not out and len(parents.get(nid, ())) == 1:
        dim, index, sizes = node.attrs.get("dim"), node.attrs.get("index"), node.attrs.get("self_sym_sizes")
        if type(dim) is not int or type(index) is not int or not isinstance(sizes, list) or not sizes:
            return None
        if index >= 1 << 63:  # torch saves a negative index as unsigned
            index -= 1 << 64
        ndim = len(sizes)
        if not -ndim <= dim < ndim or type(sizes[dim]) is not int or sizes[dim] <= 0:
            return None
        dim %= ndim
        return (("select", t, t_out, dim), index % sizes[dim], sizes[dim])
    return None


def _elements(graph: NormGraph, terms: list[tuple[int, int]], parents: dict[int, list[int]],
              ordered: bool, users: set[int]) -> tuple[int, int, int | None] | None:
    """When ``terms`` ((node, output number) pairs) are f(t[0]), ..., f(t[n-1]):
    (t, its output number, the node of one f or None). ``t[i]`` is output i of one
    Unbind, or a Select of index i; f is one element-wise op, the same for every term."""
    nodes = graph.nodes
    if not terms or len(terms) > len(nodes):
        return None
    base = f_key = None
    size = 0
    f_nodes: list[int] = []
    elem_nodes: list[int] = []
    indices: list[int] = []
    for i, (nid, out) in enumerate(terms):
        node = nodes.get(nid)
        if node is None:
            return None
        if node.label in ("Unbind", "Select"):
            key, elem, elem_out = None, nid, out
        else:
            if (node.label not in ELEMENTWISE or len(node.children) != 1 or out
                    or len(parents.get(nid, ())) != 1):
                return None
            pos, elem = node.children[0]
            elem_out = node.outs.get(pos, 0)
            key = (node.label, pos, tuple(sorted(node.consts.items())))
            f_nodes.append(nid)
        found = _element_of(graph, elem, elem_out, parents)
        if found is None:
            return None
        if i == 0:
            base, f_key, size = found[0], key, found[2]
        elif found[0] != base or key != f_key:
            return None
        indices.append(found[1])
        elem_nodes.append(elem)
    if (indices if ordered else sorted(indices)) != list(range(size)):
        return None
    if base[0] == "unbind":
        unbind_id = base[1]
        consumers = parents.get(unbind_id, ())
        if f_nodes and sorted(consumers) != sorted(f_nodes):
            return None
        if not f_nodes and any(c not in users for c in consumers):
            return None  # the elements are used elsewhere too
        return base[2], base[3], (f_nodes[0] if f_nodes else None)
    if base[0] == "select" and not ordered:
        return base[1], base[2], (f_nodes[0] if f_nodes else None)
    return None


def _rewire_elements(graph: NormGraph, n: NormNode, found: tuple[int, int, int | None], removed: list[int]) -> int:
    """Make one f(t) (or t) from ``found`` and drop the per-element nodes;
    return n's new child."""
    nodes = graph.nodes
    t, t_out, f = found
    elems = set()
    for nid in removed:
        node = nodes.get(nid)
        if node is None:
            continue
        if node.label in ("Unbind", "Select"):
            elems.add(nid)
        elif node.children:
            elems.add(node.children[0][1])
        if nid != f:
            nodes.pop(nid, None)
    for e in elems:
        if e != t:
            nodes.pop(e, None)
    if f is not None:
        fn = nodes[f]
        pos = fn.children[0][0]
        fn.children = [(pos, t)]
        fn.outs = {pos: t_out} if t_out else {}
        fn.shape = None
        return f
    return t


def _python_sum_at_tops(graph: NormGraph, parents: dict[int, list[int]]) -> None:
    """Try the Python-sum rule once per chain of Adds (at its top), then a few
    levels down, for ``sum(t) + c``: linear in the graph's size."""
    nodes = graph.nodes
    tops = [n.id for n in nodes.values() if n.label == "Add" and not (
        len(parents.get(n.id, ())) == 1 and nodes.get(parents[n.id][0]) is not None
        and nodes[parents[n.id][0]].label == "Add")]
    for top in tops:
        tries = [top]
        for _ in range(8):
            if not tries:
                break
            nid = tries.pop(0)
            if nid not in nodes or nodes[nid].label != "Add":
                continue
            if _python_sum(graph, nodes[nid], parents):
                break
            tries.extend(c for _, c in sorted(nodes[nid].children)
                         if c in nodes and nodes[c].label == "Add" and len(parents.get(c, ())) == 1)


def _python_sum(graph: NormGraph, n: NormNode, parents: dict[int, list[int]]) -> bool:
    """Python's ``sum(t)``: ((0 + t[0]) + t[1]) + ... -> Sum(t)."""
    nodes = graph.nodes
    terms: list[tuple[int, int]] = []
    adds: set[int] = set()
    consts: list[str] = []
    stack = [n.id]
    while stack:
        nid = stack.pop()
        node = nodes[nid]
        adds.add(nid)
        consts.extend(node.consts.values())
        if len(consts) > 1:
            return False
        for p, c in sorted(node.children):
            child = nodes.get(c)
            if child is None:
                return False
            if (child.label == "Add" and c not in adds and len(parents.get(c, ())) == 1
                    and not node.outs.get(p)):
                stack.append(c)
            else:
                terms.append((c, node.outs.get(p, 0)))
    if len(adds) < 2 and not consts:
        return False  # a plain a + b
    if any(c not in _ZERO for c in consts):
        return False
    found = _elements(graph, terms, parents, ordered=False, users=adds)
    if found is None:
        return False
    child = _rewire_elements(graph, n, found, [t for t, _ in terms])
    for a in adds:
        if a != n.id:
            nodes.pop(a, None)
    n.label, n.consts = "Sum", {}
    n.children = [(0, child)]
    n.outs = {0: found[1]} if (found[2] is None and found[1]) else {}
    return True


def _stack_of_elements(graph: NormGraph, n: NormNode, parents: dict[int, list[int]]) -> None:
    """``torch.stack([f(ti) for ti in t])`` (same dim as the unbind) -> f(t)."""
    if n.consts or not n.children:
        return
    terms = [(c, n.outs.get(p, 0)) for p, c in sorted(n.children)]
    if [p for p, _ in sorted(n.children)] != list(range(len(terms))):
        return
    found = _elements(graph, terms, parents, ordered=True, users={n.id})
    if found is None:
        return
    first = terms[0][0]
    node = graph.nodes[first]
    unbind = first if node.label == "Unbind" else node.children[0][1]
    if graph.nodes[unbind].label != "Unbind" or graph.nodes[unbind].attrs.get("dim") != n.attrs.get("dim"):
        return
    child = _rewire_elements(graph, n, found, [t for t, _ in terms])
    # The Stack itself is now an identity: it stands for its one input.
    n.label, n.children = "Alias", [(0, child)]
    n.outs = {0: found[1]} if (found[2] is None and found[1]) else {}
    _splice(graph, {}, frozenset({"Alias"}), frozenset())


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
    """Subtree signatures (Merkle hashes), computed bottom-up without
    recursion. A cycle raises ValueError instead of looping."""
    nodes, sig = graph.nodes, graph.sig
    open_: set[int] = set()  # expanded, not finished: on the current path
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
                if nid in open_:
                    raise ValueError("graph snapshot has a cycle (a node is its own input)")
                open_.add(nid)
                stack.append((nid, True))
                stack.extend((c, False) for _, c in n.children if c not in sig)
                continue
            open_.discard(nid)
            outs = n.outs
            if n.commutative:
                parts = sorted(sig[c] + (f".{outs[p]}" if p in outs else "") for p, c in n.children)
            else:
                parts = [f"{p}:{sig[c]}" + (f".{outs[p]}" if p in outs else "") for p, c in sorted(n.children)]
            consts = ",".join(str(p) for p in sorted(n.consts)) if not n.commutative else str(len(n.consts))
            text = f"{n.label}|{consts}|" + ",".join(parts)
            sig[nid] = hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def canonical_hash(snapshot: GraphSnapshot, root: str | None = None, *, collapse_views: bool = True,
                   neutral: Iterable[str] | None = None, prefer: Iterable[str] | None = None) -> str:
    return graph_hash(normalize(snapshot, root, collapse_views=collapse_views, neutral=neutral, prefer=prefer))


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
