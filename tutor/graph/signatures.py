"""Subtree signatures and the sharing-aware hash of a normalized graph. Torch-free.

A signature says what a subtree computes (commutative inputs in any order);
:func:`graph_hash` also says what is shared, so reuse and recomputation differ.
"""

from __future__ import annotations

import hashlib

from tutor.graph.normgraph import COMMUTATIVE, NormGraph


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


def compute_signatures(graph: NormGraph) -> None:
    """Subtree signatures (Merkle hashes), computed bottom-up without
    recursion. A cycle raises ValueError instead of looping."""
    nodes, sig = graph.nodes, graph.sig
    blake2b = hashlib.blake2b
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
            if nid not in open_:
                # First visit: its unfinished inputs go on top; it is finished
                # when it is on top again. An input on the path is a cycle.
                open_.add(nid)
                waiting = False
                for _, c in n.children:
                    if c not in sig:
                        if c in open_:
                            raise ValueError("graph snapshot has a cycle (a node is its own input)")
                        stack.append(c)
                        waiting = True
                if waiting:
                    continue
            stack.pop()
            open_.discard(nid)
            outs = n.outs
            children = n.children
            if n.label in COMMUTATIVE:
                if outs:
                    parts = sorted(sig[c] + (f".{outs[p]}" if p in outs else "") for p, c in children)
                else:
                    parts = sorted([sig[c] for _, c in children])
                consts = str(len(n.consts))
            else:
                if len(children) > 1:
                    children = sorted(children)
                if outs:
                    parts = [f"{p}:{sig[c]}" + (f".{outs[p]}" if p in outs else "") for p, c in children]
                else:
                    parts = [f"{p}:{sig[c]}" for p, c in children]
                consts = ",".join(map(str, sorted(n.consts))) if n.consts else ""
            text = f"{n.label}|{consts}|" + ",".join(parts)
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
