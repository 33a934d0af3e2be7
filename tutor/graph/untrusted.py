"""Validate and decode graph snapshots that come from untrusted runs. Torch-free.

A learner's run sends its snapshot back as plain data; anything in it may be
wrong or hostile. :func:`snapshot_from_untrusted` checks every field, the
sizes against the caps (untrusted_node.py), and that the edges form a DAG, then builds the
snapshot. It runs in time linear in the input and never recurses, so garbage
cannot hang or crash the reader.

The model's classes are passed in (:class:`ModelClasses`), not imported:
model.py calls this module from its ``from_*`` constructors, so importing
model.py here would make an import cycle.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tutor.gcpause import paused as gc_paused

# The caps and one node's checks: untrusted_node.py.
from tutor.graph.untrusted_node import (
    MAX_EDGES,
    MAX_FAN_IN,
    MAX_ID,
    MAX_NODES,
    ModelClasses,
    _Bad,
    _count,
    _line,
    _show,
    _text,
    node_from_untrusted,
)


def snapshot_from_untrusted(d: Any, max_nodes: int, classes: ModelClasses, previous: Any = None,
                            incremental: bool = False) -> Any:
    """A GraphSnapshot from plain data, or ValueError("graph snapshot: ...")
    on a wrong type in any field, an edge or root naming a node that is not
    there, a cycle, or a size past the caps (at most ``max_nodes`` nodes).

    ``incremental``: keep what the snapshot was decoded from, so that it can
    be the ``previous`` of the next decode, which then validates only what
    changed (NOTE [validate what changed])."""
    # Thousands of small objects would start the cyclic GC again and again.
    with gc_paused():
        try:
            snapshot = _build_snapshot(d, max_nodes, classes, _decoded_from(previous))
        except _Bad as exc:
            raise ValueError(f"graph snapshot: {exc}") from None
        if incremental:  # what it was decoded from, for the next decode (not serialized)
            snapshot.__dict__["_decoded"] = _Decoded(
                {n["id"]: (n, node) for n, node in zip(d.get("nodes", []), snapshot.nodes)},
                d.get("edges", []), list(snapshot.edges))
        return snapshot


# NOTE [validate what changed]: the live pane's snapshot comes again after
# every cell that changed the graph, mostly as it was: a 5,000-node graph and
# one new op. A reader that passes the snapshot it decoded last validates only
# the nodes whose plain data differs from last time's: a node dict equal to
# one already validated (same id) takes that one's node object, and an edge
# list equal to last time's, between the same ids, takes its edges and the
# cycle check's answer. Equality can only hand back what was validated before
# (``True == 1`` makes a node the valid one it equals), and every check across
# the whole snapshot (ids, edge ends, fan-in, roots, caps) runs as before.
# Node objects are shared by the two snapshots: readers do not change them.
class _Decoded(NamedTuple):
    by_id: dict[Any, tuple[Any, Any]]  # node id -> (its plain data, its node)
    raw_edges: Any
    edges: list[Any]


def _decoded_from(previous: Any) -> _Decoded | None:
    decoded = getattr(previous, "__dict__", {}).get("_decoded")  # None has no __dict__
    return decoded if isinstance(decoded, _Decoded) else None


def _build_snapshot(d: Any, max_nodes: int, classes: ModelClasses, previous: _Decoded | None = None) -> Any:
    if not isinstance(d, dict):
        raise _Bad(f"must be a mapping, not {_show(d)}")
    fmt = d.get("format", 1)
    if fmt != 1 or isinstance(fmt, bool):
        raise _Bad(f"format must be 1, not {_show(fmt)}")
    raw_nodes = d.get("nodes", [])
    if not isinstance(raw_nodes, list):
        raise _Bad(f"nodes must be a list, not {_show(raw_nodes)}")
    if len(raw_nodes) > max_nodes:
        raise _Bad(f"has {len(raw_nodes)} nodes, more than the limit of {max_nodes}")
    if previous is None:
        nodes = [node_from_untrusted(n, i, classes) for i, n in enumerate(raw_nodes)]
    else:
        nodes = _nodes_reusing(raw_nodes, classes, previous.by_id)
    ids: set[int] = set()
    for n in nodes:
        if n.id in ids:
            raise _Bad(f"two nodes have the id {n.id}")
        ids.add(n.id)

    raw_edges = d.get("edges", [])
    if not isinstance(raw_edges, list):
        raise _Bad(f"edges must be a list, not {_show(raw_edges)}")
    if len(raw_edges) > MAX_EDGES:
        raise _Bad(f"has {len(raw_edges)} edges, more than the limit of {MAX_EDGES}")
    if previous is not None and raw_edges == previous.raw_edges and _same_ids(previous.by_id, ids):
        edges = list(previous.edges)  # validated, acyclic, between these very ids
    else:
        edges = _edges(raw_edges, ids, classes, previous)
    return _finish(d, nodes, edges, ids, classes)


def _nodes_reusing(raw_nodes: list, classes: ModelClasses, by_id: dict) -> list[Any]:
    nodes = []
    for i, n in enumerate(raw_nodes):
        seen = by_id.get(n.get("id")) if type(n) is dict and type(n.get("id")) is int else None
        # ``is``: the kernel client hands on the very dicts of the nodes
        # that did not change (NOTE [send what changed]).
        same = seen is not None and (seen[0] is n or seen[0] == n)
        nodes.append(seen[1] if same else node_from_untrusted(n, i, classes))
    return nodes


def _same_ids(by_id: dict, ids: set[int]) -> bool:
    return len(by_id) == len(ids) and all(i in by_id for i in ids)


def _edges(raw_edges: list, ids: set[int], classes: ModelClasses, previous: _Decoded | None = None) -> list[Any]:
    edges: list[Any] = []
    make_edge = classes.edge
    fan_in: dict[int, int] = {}
    # NOTE [validate what changed], edges: an edge that is the very object
    # validated last time (the kernel client keeps the unchanged ones) keeps
    # its edge; its ends and its parent's fan-in are checked again. The last
    # graph's edges had no cycle, so neither has any subset of them: a
    # cycle now goes through a new edge, and a few new edges are checked
    # alone (``_closes_a_cycle``), many by the whole graph's check.
    kept = {} if previous is None or not isinstance(previous.raw_edges, list) else \
        {id(raw): (raw, edge) for raw, edge in zip(previous.raw_edges, previous.edges)}
    new: list[Any] = []
    for i, e in enumerate(raw_edges):
        pair = kept.get(id(e))
        if pair is not None and pair[0] is e:
            edge = pair[1]
            for end in (edge.parent, edge.child):
                if end not in ids:
                    raise _Bad(f"edge {i} refers to node {end}, which is not in the snapshot")
            k = fan_in[edge.parent] = fan_in.get(edge.parent, 0) + 1
            if k > MAX_FAN_IN:
                raise _Bad(f"node {edge.parent} has more than {MAX_FAN_IN} inputs")
            edges.append(edge)
            continue
        if not isinstance(e, (list, tuple)) or not 2 <= len(e) <= 4:
            raise _Bad(f"edge {i} must be a list [parent, child, input_nr, output_nr], not {_show(e)}")
        if len(e) == 4:
            parent, child, input_nr, output_nr = e
        else:
            parent, child = e[0], e[1]
            input_nr = e[2] if len(e) > 2 else 0
            output_nr = 0
        # Checked in one test; the messages (f-strings) made only for a wrong edge.
        if not (type(parent) is int and type(child) is int and type(input_nr) is int and type(output_nr) is int
                and 0 <= parent <= MAX_ID and 0 <= child <= MAX_ID and 0 <= input_nr <= 1 << 31
                and 0 <= output_nr <= 1 << 31):
            parent = _count(e[0], f"edge {i}: parent")
            child = _count(e[1], f"edge {i}: child")
            input_nr = _count(e[2], f"edge {i}: input_nr", 1 << 31) if len(e) > 2 else 0
            output_nr = _count(e[3], f"edge {i}: output_nr", 1 << 31) if len(e) > 3 else 0
        if parent not in ids or child not in ids:
            for end in (parent, child):
                if end not in ids:
                    raise _Bad(f"edge {i} refers to node {end}, which is not in the snapshot")
        k = fan_in[parent] = fan_in.get(parent, 0) + 1
        if k > MAX_FAN_IN:
            raise _Bad(f"node {parent} has more than {MAX_FAN_IN} inputs")
        edges.append(make_edge(parent, child, input_nr, output_nr))
        new.append(edges[-1])
    if kept and len(new) <= FEW_NEW_EDGES:
        users: dict[int, list[int]] = {}
        for e in edges:
            users.setdefault(e.child, []).append(e.parent)
        if any(_closes_a_cycle(e, users) for e in new):
            cycle = _find_cycle(ids, edges)  # the node a full validation names
        else:
            cycle = None
    else:
        cycle = _find_cycle(ids, edges)
    if cycle is not None:
        raise _Bad(
            f"node {cycle} is its own input"
            if any(e.parent == cycle and e.child == cycle for e in edges)
            else f"has a cycle through node {cycle} (an autograd graph has none)"
        )
    return edges


def _finish(d: dict, nodes: list[Any], edges: list[Any], ids: set[int], classes: ModelClasses) -> Any:
    raw_roots = d.get("roots", {})
    if not isinstance(raw_roots, dict) or len(raw_roots) > MAX_NODES:
        raise _Bad(f"roots must be a mapping of names to node ids, not {_show(raw_roots)}")
    roots: dict[str, int] = {}
    for k, v in raw_roots.items():
        name = _line(k, "a root name")
        node_id = _count(v, f"root {name[:40]!r}")
        if node_id not in ids:
            raise _Bad(f"root {name[:40]!r} refers to node {node_id}, which is not in the snapshot")
        roots[name] = node_id

    flags = {}
    for key, default in (("truncated", False), ("total_exact", True)):
        v = d.get(key, default)
        if not isinstance(v, bool):
            raise _Bad(f"{key} must be true or false, not {_show(v)}")
        flags[key] = v
    torch_version = d.get("torch_version")
    return classes.snapshot(
        nodes=nodes,
        edges=edges,
        roots=roots,
        truncated=flags["truncated"],
        total_nodes=_count(d.get("total_nodes", len(nodes)), "total_nodes"),
        total_exact=flags["total_exact"],
        torch_version=None if torch_version is None else _text(torch_version, "torch_version", 200),
    )


FEW_NEW_EDGES = 8  # more, and one look at the whole graph is cheaper than a search for each


def _closes_a_cycle(new: Any, users: dict[int, list[int]]) -> bool:
    """Is ``new.child`` among the nodes that use ``new.parent``'s output,
    directly or not (``users``: node -> the parents of its edges)? Searched
    upward from the parent (a new op is mostly on top, with no users yet),
    iteratively, each node once."""
    stack, seen = [new.parent], {new.parent}
    while stack:
        node = stack.pop()
        if node == new.child:
            return True
        for user in users.get(node, ()):
            if user not in seen:
                seen.add(user)
                stack.append(user)
    return False


def _find_cycle(ids: set[int], edges: list[Any]) -> int | None:
    """A node on a cycle, or None (Kahn's algorithm: linear, no recursion)."""
    indegree = dict.fromkeys(ids, 0)
    down: dict[int, list[int]] = {}
    for e in edges:
        down.setdefault(e.parent, []).append(e.child)
        indegree[e.child] += 1
    ready = [n for n, k in indegree.items() if k == 0]
    done = 0
    while ready:
        n = ready.pop()
        done += 1
        for c in down.get(n, ()):
            indegree[c] -= 1
            if indegree[c] == 0:
                ready.append(c)
    if done == len(ids):
        return None
    # Every node left has an unfinished parent; walking up through those
    # must come back to a node already seen, and that node is on a cycle.
    up: dict[int, int] = {}
    for e in edges:
        if indegree[e.parent] > 0 and indegree[e.child] > 0:
            up.setdefault(e.child, e.parent)
    node = min(n for n, k in indegree.items() if k > 0)
    seen = set()
    while node not in seen:
        seen.add(node)
        node = up[node]
    return node
