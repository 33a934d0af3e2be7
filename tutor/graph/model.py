"""Plain data for one captured autograd graph.

Nothing here imports torch: a snapshot crosses process boundaries as JSON
(kernel -> UI, learner run -> grader) and the UI process must never load torch.

Conventions:
- A node is one autograd Node (``grad_fn``), one leaf (its ``AccumulateGrad``),
  or one constant input (an input that needs no gradient).
- An edge goes from a *parent* (the consumer, nearer the output) to a *child*
  (one of its inputs): ``input_nr`` is the input position on the parent,
  ``output_nr`` the output number on the child.

Decoding what an untrusted run sends back is untrusted.py's job; the
``from_*`` constructors here hand it this module's classes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, NamedTuple

from tutor import jsontext
from tutor.gcpause import paused as gc_paused

# The vocabulary and the caps live in their own modules (untrusted.py needs
# them without importing this one); they stay importable from here.
from tutor.graph.kinds import AVAILABLE, CONST, CUSTOM, FREED, KINDS, LEAF, OP, SAVED_STATES, STALE
from tutor.graph.untrusted import snapshot_from_untrusted
from tutor.graph.untrusted_node import (
    MAX_DIMS,
    MAX_EDGES,
    MAX_FAN_IN,
    MAX_ID,
    MAX_LIST,
    MAX_NODES,
    MAX_TEXT,
    ModelClasses,
    node_from_untrusted,
)

__all__ = [
    "AVAILABLE", "CONST", "CUSTOM", "FREED", "KINDS", "LEAF", "OP", "SAVED_STATES", "STALE",
    "MAX_DIMS", "MAX_EDGES", "MAX_FAN_IN", "MAX_ID", "MAX_LIST", "MAX_NODES", "MAX_TEXT",
    "GraphEdge", "GraphNode", "GraphSnapshot", "SavedTensor",
]


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
        # Fields at their default are left out: keeps 10k-node snapshots small.
        # The body is generated from _NODE_DEFAULTS below (one comparison per
        # field, no loop): a 10k-node snapshot calls it 10k times.
        return _node_to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GraphNode:
        """A node from plain data, validated: a wrong type raises ValueError."""
        return node_from_untrusted(d, 0, _CLASSES)

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


def _make_node_to_dict() -> Any:
    """``GraphNode.to_dict`` unrolled: the same keys in the same order as a
    loop over ``_NODE_DEFAULTS`` with ``value != default`` would give. A
    default of None is tested with ``is not``, an empty list or dict by its
    truth (the same answer for what a node holds, and cheaper), and saved
    tensors are written inline (no method call per tensor)."""
    lines = [
        "def _node_to_dict(self):",
        "    d = {'id': self.id, 'raw_op': self.raw_op, 'op': self.op, 'kind': self.kind}",
    ]
    for key, default in _NODE_DEFAULTS.items():
        lines.append(f"    v = self.{key}")
        if key == "saved":
            lines.append("    if v: d['saved'] = [{'attr': s.attr, 'shape': s.shape, 'dtype': s.dtype, "
                         "'state': s.state} for s in v]")
        elif default is None:
            lines.append(f"    if v is not None: d[{key!r}] = v")
        elif default == [] or default == {}:
            lines.append(f"    if v: d[{key!r}] = v")
        else:
            lines.append(f"    if v != _D_{key}: d[{key!r}] = v")
    lines.append("    return d")
    scope: dict[str, Any] = {f"_D_{k}": v for k, v in _NODE_DEFAULTS.items()}
    exec("\n".join(lines), scope)  # noqa: S102 - code made here from a fixed table
    return scope["_node_to_dict"]


_node_to_dict = _make_node_to_dict()


def _make_new_node() -> Any:
    """``GraphNode(id, raw_op, op, kind)`` with every other field at its default, unrolled: no keyword
    parsing, no default-factory tests (some 40 % of a node's making; a capture makes one per Node)."""
    lines = ["def new_node(id, raw_op, op, kind, _new=object.__new__, _cls=GraphNode):", "    n = _new(_cls)"]
    for name in ("id", "raw_op", "op", "kind"):
        lines.append(f"    n.{name} = {name}")
    for key, default in _NODE_DEFAULTS.items():
        lines.append(f"    n.{key} = {'[]' if default == [] else '{}' if default == {} else repr(default)}")
    lines.append("    return n")
    scope: dict[str, Any] = {"GraphNode": GraphNode}
    exec("\n".join(lines), scope)  # noqa: S102 - code made here from a fixed table
    return scope["new_node"]


new_node = _make_new_node()  # tests/graph/test_graph_capture.py holds it to GraphNode(...)


_INPUT_NR = itemgetter(2)  # a GraphEdge's input_nr, for sorting


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
        return self._down().get(node_id, [])

    def parents(self, node_id: int) -> list[GraphEdge]:
        return self._up().get(node_id, [])

    def _down(self) -> dict[int, list[GraphEdge]]:
        """Edges by parent, each list in input order. Built apart from
        ``_up``: normalization reads only this one."""
        cached = self.__dict__.get("_down_by")
        if cached is None or cached[1] != len(self.edges):
            down: dict[int, list[GraphEdge]] = {}
            get = down.get
            for e in self.edges:
                lst = get(e[0])
                if lst is None:
                    down[e[0]] = [e]
                else:
                    lst.append(e)
            for lst in down.values():
                if len(lst) > 1:
                    lst.sort(key=_INPUT_NR)
            cached = (down, len(self.edges))
            self.__dict__["_down_by"] = cached
        return cached[0]

    def _up(self) -> dict[int, list[GraphEdge]]:
        """Edges by child."""
        cached = self.__dict__.get("_up_by")
        if cached is None or cached[1] != len(self.edges):
            up: dict[int, list[GraphEdge]] = {}
            for e in self.edges:
                up.setdefault(e[1], []).append(e)
            cached = (up, len(self.edges))
            self.__dict__["_up_by"] = cached
        return cached[0]

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
        d = self._body()
        d["edges"] = [list(e) for e in self.edges]
        return d

    def _body(self) -> dict[str, Any]:
        """``to_dict`` with the edges left as they are (tuples, which JSON
        writes as lists)."""
        return {
            "format": 1,
            "nodes": list(map(_node_to_dict, self.nodes)),
            "edges": self.edges,
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
    def from_untrusted(cls, d: Any, *, max_nodes: int | None = None, previous: GraphSnapshot | None = None,
                       incremental: bool = False) -> GraphSnapshot:
        """Validate plain data sent back by an untrusted run and build a snapshot.

        Raises ValueError, with a sentence saying what is wrong, on a wrong
        type in any field, an edge or root naming a node that is not there, a
        cycle (a node that is its own input, directly or not), or a size past
        the caps (``MAX_NODES`` nodes, ``MAX_EDGES`` edges, ``MAX_FAN_IN``
        inputs on one node). Runs in time linear in the input's size and
        never recurses, so garbage cannot hang or crash the reader.

        A reader that decodes one snapshot after another (the live pane)
        passes ``incremental=True`` and the snapshot it decoded last as
        ``previous``: only what changed is validated again (NOTE [validate
        what changed] in untrusted.py)."""
        return snapshot_from_untrusted(d, MAX_NODES if max_nodes is None else max_nodes, _CLASSES,
                                       previous, incremental)

    def to_json(self, *, indent: int | None = None) -> str:
        # Tens of thousands of short-lived dicts would start the cyclic GC
        # again and again, each pass scanning everything alive.
        with gc_paused():
            body = self._body()
            if indent is not None:
                return json.dumps(body, indent=indent)
            # Compact, and by orjson (NOTE [json text] in tutor/jsontext.py):
            # a 10k-node snapshot is sent on every REPL step. Edges as plain
            # tuples: orjson writes no NamedTuple (it would fall back to json),
            # and `tuple` copies one in a third of the time `list` takes.
            body["edges"] = list(map(tuple, self.edges))
            return jsontext.dumps(body)

    @classmethod
    def from_json(cls, text: str) -> GraphSnapshot:
        with gc_paused():  # json.loads of a big snapshot: 4x slower with the collector on
            try:
                data = json.loads(text)
            except (ValueError, RecursionError) as exc:
                raise ValueError(f"graph snapshot: not valid JSON ({exc})") from None
            return cls.from_untrusted(data)

    def content_hash(self) -> str:
        """A hash of everything a snapshot shows (grads, saved-tensor states,
        names): what a viewer needs to know whether to redraw. Unlike
        :meth:`canonical_hash`, it changes after ``backward()``."""
        return content_digest(self.to_json())

    def to_json_and_hash(self) -> tuple[str, str]:
        """``(to_json(), content_hash())``, encoding the snapshot once: what
        the kernel sends after every cell (the text goes into its message as
        it is: tutor.kernel.protocol.EncodedJSON)."""
        text = self.to_json()
        return text, content_digest(text)

    def canonical_hash(
        self, root: str | None = None, *, collapse_views: bool = True, neutral: Any = None, prefer: Any = None
    ) -> str:
        """A hash equal for graphs that :func:`tutor.graph.compare.compare`
        finds structurally equal (same normalization, commutative inputs in
        any order, reuse distinct from recomputation)."""
        from tutor.graph.normalize import canonical_hash

        return canonical_hash(self, root, collapse_views=collapse_views, neutral=neutral, prefer=prefer)


def content_digest(text: str) -> str:
    import hashlib

    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


# What untrusted.py builds a decoded snapshot from.
_CLASSES = ModelClasses(snapshot=GraphSnapshot, node=GraphNode, edge=GraphEdge, saved=SavedTensor)
