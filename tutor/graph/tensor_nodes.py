"""Graph nodes for tensors without history: leaves and constants. Torch-free.

A tensor with no ``grad_fn`` is one node however often it is used: a leaf
(it requires grad; ops reach it through its AccumulateGrad) or a constant
input (it needs no gradient). Such a node is found again by the tensor's
``id()``, and a named constant also by what it holds. Like autograd_facts.py,
this module only reads attributes of the tensors capture.py hands it.
"""

from __future__ import annotations

from typing import Any

from tutor.graph.autograd_facts import (
    DEVICE_TEXTS,
    DTYPE_TEXTS,
    device_text,
    dtype_text,
    read_tensor_state,
    scalar_value,
    storage_key,
)
from tutor.graph.kinds import CONST, LEAF
from tutor.graph.model import GraphNode, new_node


class TensorNodes:
    """The leaf and constant nodes of one capture, in the walker's node list."""

    def __init__(self, nodes: list[GraphNode]) -> None:
        self.nodes = nodes  # shared with the walker: a node's id is its index
        self.ids: dict[int, int] = {}  # id(leaf or constant tensor) -> node id
        self.names: dict[int, list[str]] = {}  # id(named tensor without history) -> its names
        # Named tensors without history, by what they hold: a saved constant
        # comes back from ``_saved_other`` as a new Python object, so id()
        # alone cannot tell that ``w * x`` used the learner's ``x``.
        self.by_storage: dict[tuple, Any] = {}
        self.keep: list[Any] = []  # tensors whose id() we rely on stay alive

    def add_name(self, name: str, t: Any) -> None:
        """``name`` is bound to ``t``, a tensor without grad_fn."""
        self.names.setdefault(id(t), []).append(name)
        self.keep.append(t)
        # Only constants: `a.detach()` shares a's storage, but is not a.
        key = None if t.requires_grad else storage_key(t)
        if key is not None:
            self.by_storage.setdefault(key, t)

    def leaf(self, acc: Any) -> int:
        """The node of the leaf behind an AccumulateGrad."""
        t = acc.variable
        node_id = self.ids.get(id(t))
        if node_id is None:
            node_id = self.node(t)
        node = self.nodes[node_id]
        node.raw_op = acc.name()
        return node_id

    def node(self, t: Any) -> int:
        """A node for a tensor with no grad_fn: a leaf, or a constant."""
        node_id = self.ids.get(id(t))
        if node_id is not None:
            return node_id
        leaf = t.requires_grad
        node_id = len(self.nodes)
        node = GraphNode(
            node_id,
            "AccumulateGrad" if leaf else "Constant",
            "Leaf" if leaf else "Const",
            LEAF if leaf else CONST,
            shape=list(t.shape),
            dtype=dtype_text(t.dtype),
            device=device_text(t.device),
            requires_grad=leaf,
            is_leaf=True,
        )
        self.nodes.append(node)
        self.ids[id(t)] = node_id
        self.keep.append(t)
        node.names.extend(self.names.get(id(t), ()))
        if leaf:
            read_tensor_state(node, t)
        elif t.numel() == 1 and t.dim() == 0:
            node.value = scalar_value(t)
        return node_id

    def const_input(self, input_nr: int, unpacked: dict[str, Any]) -> int:
        """An input that needs no gradient. When the op saved it (``x * c``
        saves ``c`` as ``other``; ``unpacked`` holds the op's saved tensors)
        its shape and value are known, and a named constant is shared like
        any tensor."""
        t = unpacked.get("self" if input_nr == 0 else "other") if input_nr < 2 and unpacked else None
        if t is not None:
            ids, names = self.ids, self.names
            if id(t) not in ids and id(t) not in names and self.by_storage:
                t = self.by_storage.get(storage_key(t), t)
            if id(t) in ids or id(t) in names:
                return self.node(t)
        node_id = len(self.nodes)
        node = new_node(node_id, "Constant", "Const", CONST)
        node.requires_grad, node.is_leaf = False, True
        if t is not None and t.grad_fn is None and not t.requires_grad:
            shape = node.shape = list(t.shape)
            dt, dev = t.dtype, t.device
            node.dtype = DTYPE_TEXTS.get(dt) or dtype_text(dt)
            node.device = DEVICE_TEXTS.get(dev) or device_text(dev)
            if not shape:
                node.value = scalar_value(t)
        self.nodes.append(node)
        return node_id
