"""Plain data for one captured autograd graph.

Nothing here imports torch: a snapshot crosses process boundaries as JSON
(kernel -> UI, learner run -> grader) and the UI process must never load torch.

Conventions:
- A node is one autograd Node (``grad_fn``), one leaf (its ``AccumulateGrad``),
  or one constant input (an input that needs no gradient).
- An edge goes from a *parent* (the consumer, nearer the output) to a *child*
  (one of its inputs): ``input_nr`` is the input position on the parent,
  ``output_nr`` the output number on the child.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

# Node kinds.
OP = "op"  # a built-in autograd Node, e.g. MulBackward0
LEAF = "leaf"  # a leaf tensor that requires grad, seen through AccumulateGrad
CUSTOM = "custom"  # the backward of a user's torch.autograd.Function
CONST = "const"  # an input that needs no gradient (data, a Python number)
KINDS = (OP, LEAF, CUSTOM, CONST)

# Saved-tensor states.
AVAILABLE = "available"
FREED = "freed"  # released by backward() without retain_graph
STALE = "stale"  # modified in place after it was saved; backward would fail
SAVED_STATES = (AVAILABLE, FREED, STALE)


@dataclass(slots=True)
class SavedTensor:
    """A tensor an op saved for its backward (``_saved_self`` -> attr ``self``)."""

    attr: str
    shape: list[int] | None
    dtype: str | None
    state: str = AVAILABLE

    def to_dict(self) -> dict[str, Any]:
        return {"attr": self.attr, "shape": self.shape, "dtype": self.dtype, "state": self.state}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SavedTensor:
        return cls(d["attr"], d.get("shape"), d.get("dtype"), d.get("state", AVAILABLE))


@dataclass(slots=True)
class GraphNode:
    id: int
    raw_op: str  # what torch calls it: "MulBackward0", "AccumulateGrad"
    op: str  # normalized: "Mul", "Leaf", "Const", a custom Function's class name
    kind: str
    names: list[str] = field(default_factory=list)  # namespace names bound to it
    shape: list[int] | None = None  # of output 0 (for a leaf: the tensor)
    dtype: str | None = None
    device: str | None = None
    requires_grad: bool = True
    is_leaf: bool = False
    has_grad: bool = False  # .grad is populated
    grad_shape: list[int] | None = None
    retains_grad: bool | None = None  # None: no named tensor to ask
    hooks: int | None = None  # tensor hooks; None: unknown
    post_accumulate_hooks: int | None = None
    saved: list[SavedTensor] = field(default_factory=list)
    attrs: dict[str, Any] = field(default_factory=dict)  # non-tensor saved values
    order: int | None = None  # forward order among ops (0 = first run)
    num_outputs: int = 1
    value: float | int | bool | None = None  # a scalar constant's value, for display
    more_inputs: bool = False  # inputs exist but were cut by the node cap

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "raw_op": self.raw_op, "op": self.op, "kind": self.kind}
        # Fields at their default are left out: keeps 10k-node snapshots small.
        for key, default in _NODE_DEFAULTS.items():
            value = getattr(self, key)
            if value != default:
                d[key] = value
        if self.saved:
            d["saved"] = [s.to_dict() for s in self.saved]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GraphNode:
        """A node from plain data, validated: a wrong type raises ValueError."""
        return _node_from_untrusted(d, 0)

    @property
    def label(self) -> str:
        """How a learner refers to this node: its first name, else its op."""
        return self.names[0] if self.names else self.op


_NODE_DEFAULTS: dict[str, Any] = {
    "names": [],
    "shape": None,
    "dtype": None,
    "device": None,
    "requires_grad": True,
    "is_leaf": False,
    "has_grad": False,
    "grad_shape": None,
    "retains_grad": None,
    "hooks": None,
    "post_accumulate_hooks": None,
    "saved": [],
    "attrs": {},
    "order": None,
    "num_outputs": 1,
    "value": None,
    "more_inputs": False,
}


class GraphEdge(NamedTuple):
    """A NamedTuple, not a frozen dataclass: frozen __init__ is ~10x slower
    and a 10k-node capture creates 10k+ edges."""

    parent: int  # consumer node id
    child: int  # input node id
    input_nr: int = 0  # which input of the parent
    output_nr: int = 0  # which output of the child

    def to_list(self) -> list[int]:
        return [self.parent, self.child, self.input_nr, self.output_nr]


@dataclass
class GraphSnapshot:
    nodes: list[GraphNode] = field(default_factory=list)
    edges: list[GraphEdge] = field(default_factory=list)
    roots: dict[str, int] = field(default_factory=dict)  # name -> node id
    truncated: bool = False  # the node cap cut the graph
    total_nodes: int = 0  # nodes in the whole graph, cap or not
    total_exact: bool = True  # False: the graph was too deep to count safely
    torch_version: str | None = None

    # ----- lookups (built lazily, not serialized) -----
    def node(self, node_id: int) -> GraphNode:
        return self._index()[node_id]

    def get(self, node_id: int) -> GraphNode | None:
        """The node with ``node_id``, or None (a dangling reference)."""
        return self._index().get(node_id)

    def _index(self) -> dict[int, GraphNode]:
        index = self.__dict__.get("_by_id")
        if index is None or len(index) != len(self.nodes):
            index = {n.id: n for n in self.nodes}
            self.__dict__["_by_id"] = index
        return index

    def children(self, node_id: int) -> list[GraphEdge]:
        """Edges into ``node_id``'s inputs, in input order."""
        return self._adjacency()[0].get(node_id, [])

    def parents(self, node_id: int) -> list[GraphEdge]:
        return self._adjacency()[1].get(node_id, [])

    def _adjacency(self) -> tuple[dict[int, list[GraphEdge]], dict[int, list[GraphEdge]]]:
        cached = self.__dict__.get("_adj")
        if cached is None or cached[2] != len(self.edges):
            down: dict[int, list[GraphEdge]] = {}
            up: dict[int, list[GraphEdge]] = {}
            for e in self.edges:
                down.setdefault(e.parent, []).append(e)
                up.setdefault(e.child, []).append(e)
            for lst in down.values():
                lst.sort(key=lambda e: e.input_nr)
            cached = (down, up, len(self.edges))
            self.__dict__["_adj"] = cached
        return cached[0], cached[1]

    def find(self, name: str) -> GraphNode | None:
        """The node a root or namespace name refers to."""
        if name in self.roots:
            return self.get(self.roots[name])
        for n in self.nodes:
            if name in n.names:
                return n
        return None

    # ----- serialization -----
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": 1,
            "nodes": [n.to_dict() for n in self.nodes],
            "edges": [e.to_list() for e in self.edges],
            "roots": dict(self.roots),
            "truncated": self.truncated,
            "total_nodes": self.total_nodes,
            "total_exact": self.total_exact,
            "torch_version": self.torch_version,
        }

    @classmethod
    def from_dict(cls, d: Any) -> GraphSnapshot:
        """A snapshot from plain data; the same checks as :meth:`from_untrusted`."""
        return cls.from_untrusted(d)

    @classmethod
    def from_untrusted(cls, d: Any, *, max_nodes: int | None = None) -> GraphSnapshot:
        """Validate plain data sent back by an untrusted run and build a snapshot.

        Raises ValueError, with a sentence saying what is wrong, on a wrong
        type in any field, an edge or root naming a node that is not there, a
        cycle (a node that is its own input, directly or not), or a size past
        the caps (``MAX_NODES`` nodes, ``MAX_EDGES`` edges, ``MAX_FAN_IN``
        inputs on one node). Runs in time linear in the input's size and
        never recurses, so garbage cannot hang or crash the reader."""
        return _snapshot_from_untrusted(d, MAX_NODES if max_nodes is None else max_nodes)

    def to_json(self, *, indent: int | None = None) -> str:
        # Compact separators: a 10k-node snapshot is sent on every REPL step.
        sep = (",", ":") if indent is None else None
        return json.dumps(self.to_dict(), indent=indent, separators=sep)

    @classmethod
    def from_json(cls, text: str) -> GraphSnapshot:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise ValueError(f"graph snapshot: not valid JSON ({exc})") from None
        return cls.from_untrusted(data)

    def content_hash(self) -> str:
        """A hash of everything a snapshot shows (grads, saved-tensor states,
        names): what a viewer needs to know whether to redraw. Unlike
        :meth:`canonical_hash`, it changes after ``backward()``."""
        import hashlib

        return hashlib.blake2b(self.to_json().encode(), digest_size=16).hexdigest()

    def canonical_hash(
        self, root: str | None = None, *, collapse_views: bool = True, neutral: Any = None, prefer: Any = None
    ) -> str:
        """A hash equal for graphs that :func:`tutor.graph.compare.compare`
        finds structurally equal (same normalization, commutative inputs in
        any order, reuse distinct from recomputation)."""
        from tutor.graph.normalize import canonical_hash

        return canonical_hash(self, root, collapse_views=collapse_views, neutral=neutral, prefer=prefer)


# ---------------------------------------------------------------------------
# Validation of snapshots that come from untrusted runs.

MAX_NODES = 20_000  # the grader captures at most 5,000; the UI at most 5,000
MAX_EDGES = 200_000
MAX_FAN_IN = 10_000  # inputs of one node (torch.cat / stack of many tensors)
MAX_LIST = 1_000  # names, saved tensors, attrs of one node; items of an attr list
MAX_TEXT = 10_000  # characters in one string
MAX_DIMS = 64  # torch's own limit on a tensor's dimensions
MAX_ID = 1 << 62  # ids are >= 0: normalize numbers the nodes it makes with negatives



class _Bad(ValueError):
    pass


def _is_int(v: Any) -> bool:
    return type(v) is int  # bool is an int subclass; a bool is not a number here


def _count(v: Any, what: str, limit: int = MAX_ID) -> int:
    if not _is_int(v) or v < 0 or v > limit:
        raise _Bad(f"{what} must be a whole number from 0 to {limit}, not {_show(v)}")
    return v


def _text(v: Any, what: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(v, str):
        raise _Bad(f"{what} must be a string, not {_show(v)}")
    if len(v) > limit:
        raise _Bad(f"{what} is longer than {limit} characters")
    return v


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _line(v: Any, what: str) -> str:
    """A name or label: short, one line, no terminal control characters."""
    v = _text(v, what, 1000)
    if _CONTROL.search(v):
        raise _Bad(f"{what} holds a control character: {_show(v)}")
    return v


def _opt_text(v: Any, what: str) -> str | None:
    return None if v is None else _line(v, what)


def _shape_of(v: Any, what: str) -> list[int] | None:
    if v is None:
        return None
    if not isinstance(v, list) or len(v) > MAX_DIMS:
        raise _Bad(f"{what} must be a list of at most {MAX_DIMS} sizes or null, not {_show(v)}")
    for x in v:
        if not _is_int(x) or x < 0 or x > MAX_ID:
            raise _Bad(f"{what} must hold whole numbers >= 0, not {_show(x)}")
    return list(v)


def _plain_value(v: Any, what: str, depth: int = 0) -> Any:
    """A JSON scalar, or a list (nested at most twice) of them: what capture writes."""
    if v is None or isinstance(v, bool) or _is_int(v):
        return v
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            raise _Bad(f"{what} must be a finite number, not {v}")
        return v
    if isinstance(v, str):
        return _text(v, what)
    if isinstance(v, list) and depth < 2:
        if len(v) > MAX_LIST:
            raise _Bad(f"{what} has more than {MAX_LIST} items")
        return [_plain_value(x, what, depth + 1) for x in v]
    raise _Bad(f"{what} must be a number, string, null or a short list of them, not {_show(v)}")


def _show(v: Any) -> str:
    """A short, safe description of a bad value for an error message."""
    if isinstance(v, (dict, list, tuple, set)):
        return f"a {type(v).__name__} of {len(v)} items"
    if isinstance(v, str):
        return repr(v[:40] + ("..." if len(v) > 40 else ""))
    if v is None or isinstance(v, (bool, int, float)):
        text = repr(v)
        return text if len(text) <= 40 else text[:40] + "..."
    return f"a {type(v).__name__}"


def _saved_from_untrusted(d: Any, what: str) -> SavedTensor:
    if not isinstance(d, dict):
        raise _Bad(f"must be a mapping, not {_show(d)}")
    state = d.get("state", AVAILABLE)
    if state not in SAVED_STATES:
        raise _Bad(f"state must be one of {', '.join(SAVED_STATES)}, not {_show(state)}")
    return SavedTensor(
        _line(d.get("attr"), "attr"),
        _shape_of(d.get("shape"), "shape"),
        _opt_text(d.get("dtype"), "dtype"),
        state,
    )


def _bool_field(v: Any, what: str) -> bool:
    if v is not True and v is not False:
        raise _Bad(f"{what} must be true or false, not {_show(v)}")
    return v


def _opt_bool_field(v: Any, what: str) -> bool | None:
    if v is not None and v is not True and v is not False:
        raise _Bad(f"{what} must be true, false or null, not {_show(v)}")
    return v


def _opt_count_field(v: Any, what: str) -> int | None:
    return None if v is None else _count(v, what)


def _names_field(v: Any, what: str) -> list[str]:
    if not isinstance(v, list) or len(v) > MAX_LIST:
        raise _Bad(f"{what} must be a list of at most {MAX_LIST} strings, not {_show(v)}")
    return [_line(n, what) for n in v]


def _saved_field(v: Any, what: str) -> list[SavedTensor]:
    if not isinstance(v, list) or len(v) > MAX_LIST:
        raise _Bad(f"{what} must be a list of at most {MAX_LIST} items, not {_show(v)}")
    out = []
    for i, item in enumerate(v):
        try:
            out.append(_saved_from_untrusted(item, "saved tensor"))
        except _Bad as exc:
            raise _Bad(f"{what}[{i}]: {exc}") from None
    return out


def _attrs_field(v: Any, what: str) -> dict[str, Any]:
    if not isinstance(v, dict) or len(v) > MAX_LIST:
        raise _Bad(f"{what} must be a mapping of at most {MAX_LIST} items, not {_show(v)}")
    return {_text(k, f"{what} key", 1000): _plain_value(x, what) for k, x in v.items()}


def _value_field(v: Any, what: str) -> float | int | bool | None:
    if v is not None and not isinstance(v, (bool, int, float)):
        raise _Bad(f"{what} must be a number, true, false or null, not {_show(v)}")
    return _plain_value(v, what)


# Optional node fields: key -> validator. Keys not listed are ignored (a
# newer writer's extra field), so old readers keep working.
_FIELD_CHECKS = {
    "requires_grad": _bool_field,
    "is_leaf": _bool_field,
    "has_grad": _bool_field,
    "more_inputs": _bool_field,
    "retains_grad": _opt_bool_field,
    "hooks": _opt_count_field,
    "post_accumulate_hooks": _opt_count_field,
    "order": _opt_count_field,
    "dtype": _opt_text,
    "device": _opt_text,
    "shape": _shape_of,
    "grad_shape": _shape_of,
    "num_outputs": lambda v, what: _count(v, what, 1 << 31),
    "names": _names_field,
    "saved": _saved_field,
    "attrs": _attrs_field,
    "value": _value_field,
}
_REQUIRED = frozenset({"id", "raw_op", "op", "kind"})


def _node_from_untrusted(d: Any, index: int) -> GraphNode:
    if not isinstance(d, dict):
        raise _Bad(f"node {index} must be a mapping, not {_show(d)}")
    node_id = _count(d.get("id"), f"node {index}: id")
    try:
        kind = d.get("kind")
        if kind not in KINDS:
            raise _Bad(f"kind must be one of {', '.join(KINDS)}, not {_show(kind)}")
        node = GraphNode(node_id, _line(d.get("raw_op"), "raw_op"), _line(d.get("op"), "op"), kind)
        checks = _FIELD_CHECKS
        for key, value in d.items():
            check = checks.get(key)
            if check is not None:
                setattr(node, key, check(value, key))
    except _Bad as exc:
        raise _Bad(f"node {index} (id {node_id}): {exc}") from None
    return node


def _snapshot_from_untrusted(d: Any, max_nodes: int) -> GraphSnapshot:
    import gc

    # Thousands of small objects would start the cyclic GC again and again.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _build_snapshot(d, max_nodes)
    except _Bad as exc:
        raise ValueError(f"graph snapshot: {exc}") from None
    finally:
        if was_enabled:
            gc.enable()


def _build_snapshot(d: Any, max_nodes: int) -> GraphSnapshot:
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
    nodes = [_node_from_untrusted(n, i) for i, n in enumerate(raw_nodes)]
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
    edges: list[GraphEdge] = []
    fan_in: dict[int, int] = {}
    for i, e in enumerate(raw_edges):
        if not isinstance(e, (list, tuple)) or not 2 <= len(e) <= 4:
            raise _Bad(f"edge {i} must be a list [parent, child, input_nr, output_nr], not {_show(e)}")
        parent = _count(e[0], f"edge {i}: parent")
        child = _count(e[1], f"edge {i}: child")
        input_nr = _count(e[2], f"edge {i}: input_nr", 1 << 31) if len(e) > 2 else 0
        output_nr = _count(e[3], f"edge {i}: output_nr", 1 << 31) if len(e) > 3 else 0
        for end in (parent, child):
            if end not in ids:
                raise _Bad(f"edge {i} refers to node {end}, which is not in the snapshot")
        k = fan_in[parent] = fan_in.get(parent, 0) + 1
        if k > MAX_FAN_IN:
            raise _Bad(f"node {parent} has more than {MAX_FAN_IN} inputs")
        edges.append(GraphEdge(parent, child, input_nr, output_nr))
    cycle = _find_cycle(ids, edges)
    if cycle is not None:
        raise _Bad(
            f"node {cycle} is its own input"
            if any(e.parent == cycle and e.child == cycle for e in edges)
            else f"has a cycle through node {cycle} (an autograd graph has none)"
        )

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
    return GraphSnapshot(
        nodes=nodes,
        edges=edges,
        roots=roots,
        truncated=flags["truncated"],
        total_nodes=_count(d.get("total_nodes", len(nodes)), "total_nodes"),
        total_exact=flags["total_exact"],
        torch_version=None if torch_version is None else _text(torch_version, "torch_version", 200),
    )


def _find_cycle(ids: set[int], edges: list[GraphEdge]) -> int | None:
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
