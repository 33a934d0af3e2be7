"""The algebra pass: the common spellings of one computation become one graph. Torch-free.

``ALGEBRA`` is the table (also in docs/graph.md, "Algebraic spellings"). A
rule fires only when the nodes it rewrites have no other consumer, so sharing
is never invented or hidden.
"""

from __future__ import annotations

from tutor.graph.normgraph import NormGraph, NormNode, add_neg_to_sub, splice, swap_operands

# Element-wise ops of one tensor input: f(x)[i] == f(x[i]), so summing or
# stacking f over the elements of x is f of x (``sum(xi**2 for xi in x)``).
ELEMENTWISE = frozenset({
    "Square", "Pow", "Mul", "Div", "Add", "Sub", "Neg", "Exp", "Exp2", "Expm1", "Log", "Log2", "Log10",
    "Log1P", "Sin", "Cos", "Tan", "Sinh", "Cosh", "Tanh", "Asin", "Acos", "Atan", "Sigmoid", "Relu",
    "Abs", "Sqrt", "Rsqrt", "Reciprocal", "Erf", "Softplus", "Gelu", "Silu", "Elu", "LeakyRelu",
    "Clamp", "ClampMin", "ClampMax", "Hardtanh", "Sign", "Sgn",
})
_TWO = frozenset({"2", "2.0"})
_SQUARES = frozenset({"Pow", "Mul"})  # the labels _square rewrites
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


# Labels without which no rule moves an input from one node to another
# (the rest rewrite a node in place): only these can leave a node unreachable.
_REWIRING = frozenset({"Neg", "Sub", "Transpose", "Unbind", "Select"})


def apply_algebra(graph: NormGraph) -> bool:
    """Apply every rule of ``ALGEBRA`` where it fires. False when no rule
    could have left a node unreachable (``prune`` would find nothing)."""
    nodes = graph.nodes
    # Local rewrites first: they do not change who consumes whom.
    for n in nodes.values():
        if n.label in _SQUARES:
            _square(n)
    for n in list(nodes.values()):
        if n.id not in nodes:
            continue
        if n.label == "Mul" and len(n.children) == 1 and list(n.consts.values()) == ["-1"]:
            n.label, n.consts = "Neg", {}
            n.children = [(0, n.children[0][1])]
            n.outs = {0: o for o in n.outs.values()}
    add_neg_to_sub(graph)
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
                swap_operands(n)
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
        if n.label in _SQUARES:
            _square(n)
    return bool(labels & _REWIRING)


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
    splice(graph, {}, frozenset({"Alias"}), frozenset())
