"""Subtree signatures and the sharing-aware hash of a normalized graph. Torch-free.

A signature says what a subtree computes (commutative inputs in any order);
:func:`graph_hash` also says what is shared, so reuse and recomputation differ.
"""

from __future__ import annotations

import hashlib

from tutor.graph.kinds import CUSTOM
from tutor.graph.normgraph import COMMUTATIVE, NormGraph


def _label(n) -> str:
    """A node's label as the comparison reads it. A custom Function's node is named after its class: one
    named `Mul` is still no torch Mul (match-the-drawing passed with a graph of Functions named as
    torch's nodes, round 33)."""
    return n.label if n.kind != CUSTOM else n.label + "|custom"


def local_key(graph: NormGraph, nid: int) -> tuple:
    """What a node is, apart from its inputs' subtrees."""
    n = graph.nodes[nid]
    if n.commutative:
        return (_label(n), len(n.consts), len(n.children))
    return (_label(n), tuple(sorted(n.consts)), tuple(sorted(p for p, _ in n.children)))


def ordered_children(graph: NormGraph, nid: int) -> list[int]:
    """Children in comparison order: by position, or by signature for
    commutative ops so ``w*x + b`` and ``b + x*w`` line up."""
    n = graph.nodes[nid]
    if n.commutative:
        return sorted((c for _, c in n.children), key=lambda c: graph.sig[c])
    return [c for _, c in sorted(n.children)]


def compute_signatures(graph: NormGraph) -> None:
    """Subtree signatures (Merkle hashes), computed bottom-up without
    recursion. A cycle raises ValueError instead of looping."""
    nodes, sig = graph.nodes, graph.sig
    blake2b = hashlib.blake2b
    commutative = COMMUTATIVE
    open_: set[int] = set()  # expanded, not finished: the current path
    for start in nodes:
        if start in sig:
            continue
        stack = [start]
        while stack:
            nid = stack[-1]
            if nid in sig:
                stack.pop()
                continue
            n = nodes[nid]
            children = n.children
            if nid in open_:
                open_.discard(nid)
            elif children:
                # First visit: its unfinished inputs go on top; it is finished
                # when it is on top again. An input on the path is a cycle.
                # A node with every input finished never joins the path.
                waiting = False
                for _, c in children:
                    if c not in sig:
                        if c in open_ or c == nid:
                            raise ValueError("graph snapshot has a cycle (a node is its own input)")
                        if not waiting:
                            open_.add(nid)
                            waiting = True
                        stack.append(c)
                if waiting:
                    continue
            stack.pop()
            outs = n.outs
            consts = n.consts
            label = _label(n)
            if label in commutative:
                if outs:
                    parts = sorted(sig[c] + (f".{outs[p]}" if p in outs else "") for p, c in children)
                else:
                    parts = sorted([sig[c] for _, c in children])
                text = f"{label}|{len(consts)}|" + ",".join(parts)
            else:
                const_text = ",".join(map(str, sorted(consts))) if consts else ""
                if len(children) == 1 and not outs:
                    p, c = children[0]
                    text = f"{label}|{const_text}|{p}:{sig[c]}"
                else:
                    if len(children) > 1:
                        children = sorted(children)
                    if outs:
                        parts = [f"{p}:{sig[c]}" + (f".{outs[p]}" if p in outs else "") for p, c in children]
                    else:
                        parts = [f"{p}:{sig[c]}" for p, c in children]
                    text = f"{label}|{const_text}|" + ",".join(parts)
            sig[nid] = blake2b(text.encode(), digest_size=12).hexdigest()


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
