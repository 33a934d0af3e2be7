"""Compare a learner's graph with the reference's, and say what differs. Torch-free.

Three tiers, each stricter than the last:
- ``leaves``: the root reaches the same leaves (by name and shape), so the
  same tensors receive gradients;
- ``ops``: the same multiset of normalized ops;
- ``structure``: the same normalized DAG, sharing included (``exact``);
- ``written``: the same DAG with the ops as written: aliases and views are
  still folded, but no algebraic rewriting (``x * x`` is not ``x ** 2``), for
  an exercise whose task is to reproduce a drawing op for op.
Differences are sentences for the learner, using the names they used.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Iterable

from tutor.graph.model import CONST, CUSTOM, LEAF, GraphSnapshot
from tutor.graph.normalize import NormGraph, graph_hash, local_key, normalize, ordered_children
from tutor.i18n import N_, _

TIERS = ("leaves", "ops", "structure")
_TIER_OF = {"leaves": 1, "ops": 2, "structure": 3, "exact": 3, "written": 3}
MAX_DIFFERENCES = 6  # sentences for one check: more would bury the first
_MAX_PAIRS = 50_000  # node pairs the structure walk visits before it gives up
_INFIX = {"Add": "+", "Sub": "-", "Mul": "*", "Div": "/", "MatMul": "@", "Pow": "**"}


@dataclass
class GraphComparison:
    equal: bool
    tiers: dict[str, bool] = field(default_factory=dict)
    differences: list[str] = field(default_factory=list)


def compare(
    expected: GraphSnapshot,
    actual: GraphSnapshot,
    *,
    root: str,
    tier: str = "exact",
    collapse_views: bool = True,
    neutral: Iterable[str] | None = None,
    prefer: Iterable[str] | None = None,
) -> GraphComparison:
    """Compare the graphs behind the tensor named ``root`` in both snapshots.
    ``tier`` ("leaves", "ops", "structure", "exact" or "written") sets what
    ``equal`` requires; every tier is still reported in ``tiers``.

    ``neutral``: op names (``Clone``, ``CloneBackward0``) spliced out of both
    graphs first. ``prefer``: the exercise's names, best first. A leaf bound
    to several names matches an expected leaf by any of them.

    Raises ValueError for a malformed snapshot (a cycle) or a reference
    without ``root``; never hangs: every pass is linear or capped."""
    if tier not in _TIER_OF:
        raise ValueError(f"tier must be one of {', '.join(_TIER_OF)}, not {tier!r}")
    if expected.find(root) is None:
        raise ValueError(f"the reference graph has no tensor named {root!r}")
    if actual.find(root) is None:
        return _fail(_("your code has no tensor named `{root}`, so its graph cannot be checked.").format(root=root))

    prefer = [p for p in (prefer or ()) if isinstance(p, str)]
    # Leaves known by several names: the exercise's names first, then names
    # both sides use, in one order for both, so a leaf is called the same on
    # both sides whenever it can be.
    prefer = prefer + sorted(_leaf_names(actual) & _leaf_names(expected))
    algebra = tier != "written"
    e = normalize(expected, root, collapse_views=collapse_views, neutral=neutral, prefer=prefer, algebra=algebra)
    a = normalize(actual, root, collapse_views=collapse_views, neutral=neutral, prefer=prefer, algebra=algebra)
    if e.root is None or a.root is None or e.root not in e.nodes or a.root not in a.nodes:
        return _fail(_("the graph of `{root}` could not be read.").format(root=root))
    e_root, a_root = e.nodes[e.root], a.nodes[a.root]
    if a_root.kind == CONST and e_root.kind != CONST:
        return _fail(_(
            "`{root}` is not connected to any tensor that requires grad: "
            "was it computed under `no_grad`, from detached tensors, or with `.item()`/numpy?"
        ).format(root=root))

    differences: list[str] = []
    leaves_ok = _compare_leaves(e, a, root, differences)
    ops_ok = _compare_ops(e, a, root, differences)
    structure_ok = leaves_ok and ops_ok and graph_hash(e) == graph_hash(a)
    if leaves_ok and ops_ok and not structure_ok:
        differences.append(_structure_difference(e, a, root))
    tiers = {"leaves": leaves_ok, "ops": ops_ok, "structure": structure_ok}
    need = _TIER_OF[tier]
    equal = all(tiers[t] for t in TIERS[:need])
    return GraphComparison(equal, tiers, differences[:MAX_DIFFERENCES])


def _leaf_names(snapshot: GraphSnapshot) -> set[str]:
    return {name for n in snapshot.nodes if n.kind == LEAF for name in n.names}


def _fail(message: str) -> GraphComparison:
    return GraphComparison(False, {t: False for t in TIERS}, [message])


# ----- tier 1: leaves ---------------------------------------------------------


def _leaves(g: NormGraph) -> dict[str, int]:
    """Leaf key (its name, else its shape) -> node id."""
    out = {}
    for n in g.nodes.values():
        if n.is_leaf:
            out[n.names[0] if n.names else n.label] = n.id
    return out


def _compare_leaves(e: NormGraph, a: NormGraph, root: str, out: list[str]) -> bool:
    el, al = _leaves(e), _leaves(a)
    ok = True
    e_up = e.parents()
    for key, nid in el.items():
        if key not in al:
            ok = False
            via = [e.nodes[p].label for p in e_up.get(nid, [])]
            through = _(" through {op}").format(op=via[0]) if via else ""
            out.append(_(
                "`{root}` should reach `{key}`{through}, but in your graph `{key}` is not reached: "
                "was it detached or created under `no_grad`?"
            ).format(root=root, key=key, through=through))
        elif e.nodes[nid].shape != a.nodes[al[key]].shape:
            ok = False
            out.append(_(
                "`{key}` has shape {shape} in your graph but {expected} in the reference."
            ).format(key=key, shape=_shape(a.nodes[al[key]].shape), expected=_shape(e.nodes[nid].shape)))
    for key, nid in al.items():
        if key not in el:
            ok = False
            if a.nodes[nid].names:
                out.append(_("`{root}` reaches `{key}` in your graph, but the reference does not use it.").format(
                    root=root, key=key))
            else:  # "reaches `Leaf ? (4)`" read as cryptic (round 40's learner): a tensor no name holds now
                out.append(_("`{root}` reaches a leaf tensor of shape {shape} that no name in your code holds "
                             "now (was its name bound to another tensor after `{root}` was computed?), and the "
                             "reference does not use it.").format(root=root, shape=_shape(a.nodes[nid].shape)))
    return ok


# ----- tier 2: ops --------------------------------------------------------------


# The ops tier counts ops by family: ``x ** 2`` (Square) and ``x ** 3`` are
# both powers there, as they were before Square existed; the structure tier
# tells them apart.
_FAMILY = {"Square": "Pow"}


def _op_counts(g: NormGraph) -> Counter[str]:
    return Counter(_FAMILY.get(n.label, n.label) for n in g.nodes.values() if not n.is_leaf and n.kind != CONST)


def _compare_ops(e: NormGraph, a: NormGraph, root: str, out: list[str]) -> bool:
    ec, ac = _op_counts(e), _op_counts(a)
    if ec == ac:
        return True
    reported: set[str] = set()
    # Recomputation: the same subtree computed several times where the
    # reference computes it once and reuses it.
    e_sigs = Counter(e.sig[n] for n in e.nodes)
    a_by_sig: dict[str, list[int]] = {}
    for nid in a.nodes:
        a_by_sig.setdefault(a.sig[nid], []).append(nid)
    for sig, ids in a_by_sig.items():
        if len(out) >= MAX_DIFFERENCES:
            return False
        n = a.nodes[ids[0]]
        if len(ids) > e_sigs.get(sig, 0) >= 1 and not n.is_leaf and n.label not in reported:
            out.append(_(
                "your graph computes `{expr}` {times} where the reference computes it {once}."
            ).format(expr=expression(a, ids[0]), times=_times(len(ids)), once=_times(e_sigs[sig])))
            reported.add(n.label)
    for label in sorted(set(ec) | set(ac)):
        if label in reported or ec[label] == ac[label]:
            continue
        if len(out) >= MAX_DIFFERENCES:
            break
        op = _("{op} ({what})").format(op=label, what=_(_OPS_SAID[label])) if label in _OPS_SAID else label
        if ac[label] > ec[label]:
            nid = _unmatched(a, e, label)
            out.append(_("extra op {op} {where}.").format(op=op, where=_between(a, nid, root)))
        else:
            nid = _unmatched(e, a, label)
            out.append(_("missing op {op} {where}.").format(op=op, where=_between(e, nid, root)))
    return False


# Ops whose node name is not what a learner wrote (round 39's learner read "extra op ToCopy" of `.double()`).
_OPS_SAID = {
    "ToCopy": N_("a copy to another dtype or device: `.to()`, `.double()`, `.float()`"),
    "Expand": N_("a broadcast, or `.expand()`"),
    "Unsqueeze": N_("a new dimension of size 1: `.unsqueeze()`, or indexing with None"),
    "Squeeze": N_("dimensions of size 1 dropped: `.squeeze()`"),
    "View": N_("a reshape: `.view()`, `.reshape()`, `.flatten()`"),
    "Reshape": N_("a reshape: `.view()`, `.reshape()`, `.flatten()`"),
    "Clone": N_("a copy: `.clone()`"),
    "T": N_("a transpose: `.T`, `.t()`"),
    "Transpose": N_("a transpose: `.T`, `.transpose()`"),
    "Permute": N_("a reordering of dimensions: `.permute()`"),
    "Select": N_("indexing one element or row: `t[i]`"),
    "Slice": N_("slicing: `t[a:b]`"),
    "Mm": N_("a matrix product: `@`, `torch.mm`"),
    "MatMul": N_("a matrix product: `@`, `torch.matmul`"),
    "Addmm": N_("a matrix product plus a bias: `x @ W.T + b`, `F.linear`"),
}


_TIMES = {1: N_("once"), 2: N_("twice"), 3: N_("three times")}


def _times(n: int) -> str:
    """``once``, ``twice``, ``three times``, ``{n} times``: translated."""
    return _(_TIMES[n]) if n in _TIMES else _("{n} times").format(n=n)


def _unmatched(g: NormGraph, other: NormGraph, label: str) -> int:
    """A node with ``label`` in ``g`` whose subtree does not occur in ``other``."""
    other_sigs = set(other.sig.values())
    candidates = [n.id for n in g.nodes.values() if _FAMILY.get(n.label, n.label) == label]
    for nid in candidates:
        if g.sig[nid] not in other_sigs:
            return nid
    return candidates[0]


def _between(g: NormGraph, nid: int, root: str) -> str:
    """``between `h` and `loss` ``: the nearest named input and consumer."""
    below = _nearest_named(g, nid, down=True)
    above = _nearest_named(g, nid, down=False) or root
    if below and above:
        return _("between `{below}` and `{above}`").format(below=below, above=above)
    return _("on the way to `{above}`").format(above=above)


def _nearest_named(g: NormGraph, nid: int, *, down: bool, up: dict | None = None) -> str | None:
    if not down and up is None:
        up = g.parents()
    frontier, seen = [nid], {nid}
    while frontier:
        nxt = []
        for x in frontier:
            for y in ([c for _, c in g.nodes[x].children] if down else up.get(x, [])):
                if y in seen:
                    continue
                seen.add(y)
                if g.nodes[y].names:
                    return g.nodes[y].names[0]
                nxt.append(y)
        frontier = nxt
    return None


# ----- tier 3: structure ----------------------------------------------------------


def _structure_difference(e: NormGraph, a: NormGraph, root: str) -> str:
    """Walk both graphs together to the first place they part."""
    pairs: deque[tuple[int, int, tuple[int, int] | None]] = deque([(e.root, a.root, None)])
    seen = set()
    e_up = e.parents()
    while pairs and len(seen) < _MAX_PAIRS:
        en, an, parent = pairs.popleft()
        if (en, an) in seen or e.sig[en] == a.sig[an]:
            continue
        seen.add((en, an))
        if local_key(e, en) != local_key(a, an):
            # Two different leaves say little alone: show the op using them.
            if parent is not None and (e.nodes[en].is_leaf or a.nodes[an].is_leaf):
                en, an = parent
            named = e.nodes[en].names[0] if e.nodes[en].names else _nearest_named(e, en, down=False, up=e_up)
            where = _(" (in `{name}`)").format(name=named or root) if named != root and en != e.root else ""
            return _(
                "where the reference computes `{expected}`, your graph computes `{actual}`{where}."
            ).format(expected=expression(e, en), actual=expression(a, an), where=where)
        ek, ak = ordered_children(e, en), ordered_children(a, an)
        if e.nodes[en].commutative:
            # Pair up the children that already match; compare the rest in order.
            rest_a, rest_e = list(ak), []
            for c in ek:
                match = next((x for x in rest_a if a.sig[x] == e.sig[c]), None)
                if match is None:
                    rest_e.append(c)
                else:
                    rest_a.remove(match)
            pairs.extend((x, y, (en, an)) for x, y in zip(rest_e, rest_a))
        else:
            pairs.extend((x, y, (en, an)) for x, y in zip(ek, ak))
    return _(
        "your graph for `{root}` uses the same ops on the same tensors, but shares intermediate "
        "results differently from the reference (a value computed once and reused, or computed again)."
    ).format(root=root)


# ----- display ----------------------------------------------------------------------


def expression(g: NormGraph, nid: int, depth: int = 3) -> str:
    """A short Python-like expression for a subtree, using the learner's names."""
    n = g.nodes[nid]
    if n.is_leaf or n.kind == CONST:
        return n.names[0] if n.names else ("const" if n.kind == CONST else "leaf")
    if depth <= 0:
        return n.names[0] if n.names else "..."
    operands = {p: expression(g, c, depth - 1) for p, c in sorted(n.children)[:_MAX_ARGS]}
    operands.update(sorted(n.consts.items())[:_MAX_ARGS])
    args = [operands[p] for p in sorted(operands)][:_MAX_ARGS]
    if len(n.children) + len(n.consts) > _MAX_ARGS:
        args.append("...")
    if n.kind == CUSTOM:  # no torch op, whatever its class is named
        return f"{n.label}.apply({', '.join(args)})"
    op = _INFIX.get(n.label)
    if op and len(args) == 2:
        return f"{_paren(args[0])} {op} {_paren(args[1])}"
    if n.label == "Neg" and len(args) == 1:
        return f"-{_paren(args[0])}"
    if n.label == "Square" and len(args) == 1:
        return f"{_paren(args[0])} ** 2"
    return f"{n.label.lower()}({', '.join(args)})"


_MAX_ARGS = 4


def _paren(text: str) -> str:
    return f"({text})" if " " in text and not text.startswith("(") else text


def _shape(shape: list[int] | None) -> str:
    return "?" if shape is None else "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"
