"""The normalized graph, and the edits several normalization passes share. Torch-free.

normalize.py builds a :class:`NormGraph` from a snapshot and runs the passes;
algebra.py rewrites it; signatures.py hashes it. The edits here are the ones
more than one pass needs. Every edit is iterative: nothing recurses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.graph.kinds import CONST, CUSTOM, LEAF
from tutor.graph.opnames import op_name

COMMUTATIVE = frozenset({"Add", "Mul", "Maximum", "Minimum"})


@dataclass(slots=True)
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
        return self.label in COMMUTATIVE and self.kind != CUSTOM  # a Function named `Add` may be anything

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


def add_neg_to_sub(graph: NormGraph) -> None:
    """a + (-b) is a - b: only when the Neg has no other consumer."""
    nodes = graph.nodes
    for n in nodes.values():  # a loop, not any(): it runs on every graph
        if n.label == "Neg":
            break
    else:
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


def swap_operands(n: NormNode) -> None:
    """Positions 0 and 1 trade places (of children, constants, output numbers)."""
    n.children = [(1 - p if p in (0, 1) else p, c) for p, c in n.children]
    n.consts = {(1 - p if p in (0, 1) else p): v for p, v in n.consts.items()}
    n.outs = {(1 - p if p in (0, 1) else p): o for p, o in n.outs.items()}


def splice(graph: NormGraph, raw: dict[int, str], views: frozenset[str], neutral: frozenset[str],
           *, then_prune: bool = True) -> bool:
    """Replace each spliceable node (one tensor input) by its input; True
    when any was. ``then_prune=False`` leaves the nodes spliced out in
    ``graph.nodes`` (unreachable) for the caller's own ``prune``."""
    nodes = graph.nodes

    def spliceable(n: NormNode) -> bool:
        if len(n.children) != 1 or n.kind == LEAF or n.kind == CONST:
            return False
        if n.label in views or n.label in neutral:
            return True
        return bool(neutral) and op_name(raw.get(n.id, "")) in neutral

    target: dict[int, tuple[int, int]] = {}  # node -> (what it stands for, output number)
    # Splicing keeps every node's label and number of inputs, so which nodes
    # are spliceable is known before any is spliced.
    if neutral:
        candidates = {nid for nid, n in nodes.items() if spliceable(n)}
    else:  # spliceable(n), inlined: it runs on every node of every graph
        candidates = {nid for nid, n in nodes.items()
                      if n.label in views and len(n.children) == 1 and n.kind != LEAF and n.kind != CONST}

    def through(nid: int, out: int) -> tuple[int, int]:
        done = target.get(nid)
        if done is not None:
            return done
        if nid not in candidates:
            return nid, out
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

    if not candidates:
        # Nothing to splice: every input already stands for itself (the
        # passes before keep ``outs`` in step with ``children``).
        if then_prune:
            prune(graph)
        return False
    for n in list(nodes.values()):
        kids, outs = [], {}
        old_outs = n.outs
        for p, c in n.children:
            t, o = through(c, old_outs.get(p, 0) if old_outs else 0)
            kids.append((p, t))
            if o:
                outs[p] = o
        n.children, n.outs = kids, outs
    if graph.root is not None:
        graph.root = through(graph.root, 0)[0]
    if then_prune:
        prune(graph)
    return True


def prune(graph: NormGraph) -> None:
    nodes = graph.nodes
    for n in nodes.values():
        for _, c in n.children:
            if c not in nodes:
                n.children = [(p, c) for p, c in n.children if c in nodes]
                break
    reachable = _reachable(graph)
    if len(reachable) != len(nodes):
        for nid in list(nodes):
            if nid not in reachable:
                del nodes[nid]


def _reachable(graph: NormGraph) -> set[int]:
    nodes = graph.nodes
    if graph.root is not None:
        starts = [graph.root]
    else:
        # Who has a parent, without building the parents' lists (graph.parents()).
        consumed = {c for n in nodes.values() for _, c in n.children}
        starts = [n.id for n in nodes.values() if n.names or n.id not in consumed]
    seen: set[int] = set()
    stack = [s for s in starts if s is not None and s in nodes]
    while stack:
        nid = stack.pop()
        if nid in seen:
            continue
        seen.add(nid)
        for _, c in nodes[nid].children:
            if c in nodes and c not in seen:
                stack.append(c)
    return seen
