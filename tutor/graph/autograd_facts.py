"""Facts read off autograd objects for a snapshot: Node classes, tensors,
saved tensors that can no longer be unpacked.

Torch-free on purpose: capture.py (the only module that imports torch) hands
these functions its objects and they only read attributes. Per-class facts
and dtype/device strings are cached: dir() is slow, and the answer is the
same for every MulBackward0.
"""

from __future__ import annotations

import math
from typing import Any

from tutor.graph.kinds import CUSTOM, FREED, OP, STALE
from tutor.graph.model import GraphNode, SavedTensor
from tutor.graph.opnames import op_name


class NodeType:
    """What every Node of one autograd class shares: its names, its kind, and
    which ``_saved_*`` attributes hold tensors and which plain values."""

    __slots__ = ("raw", "op", "kind", "tensor_attrs", "value_attrs", "name_is_type", "is_leaf",
                 "tensor_reads", "value_reads")

    def __init__(self, fn: Any) -> None:
        raw = fn.name()
        self.raw = raw
        self.name_is_type = type(fn).__name__ == raw
        # An AccumulateGrad: its ``variable`` is the leaf. A property of a
        # built-in class, so asked once per class instead of once per edge; a
        # custom Function's ctx may set any attribute: None, ask each node.
        # A node made in Python (a class on torch._C._FunctionBase) is a Function's, whatever it says of
        # itself: one without `_forward_cls`, named `MulBackward0`, read as torch's Mul (round 33).
        python_node = any(k.__name__ == "_FunctionBase" and k.__module__ == "torch._C" for k in type(fn).__mro__)
        custom = hasattr(fn, "_forward_cls") or python_node
        self.is_leaf: bool | None = None if custom else hasattr(fn, "variable")
        self.kind = CUSTOM if custom else OP
        if custom:
            forward = getattr(fn, "_forward_cls", None)
            self.op = getattr(forward, "__name__", None) or type(fn).__name__
        else:
            self.op = op_name(raw)
        names = dir(fn)
        raw_saved = {a[len("_raw_saved_") :] for a in names if a.startswith("_raw_saved_")}
        if custom:
            self.tensor_attrs: tuple[str, ...] = ()
            self.value_attrs: tuple[str, ...] = ()
        else:
            self.tensor_attrs = tuple(sorted(raw_saved))
            self.value_attrs = tuple(
                sorted(
                    a[len("_saved_") :]
                    for a in names
                    if a.startswith("_saved_") and a[len("_saved_") :] not in raw_saved
                )
            )
        # The attribute names the walk reads, spelled out once per class.
        self.tensor_reads = tuple((a, "_saved_" + a, "_raw_saved_" + a) for a in self.tensor_attrs)
        self.value_reads = tuple((a, "_saved_" + a) for a in self.value_attrs)


NODE_TYPES: dict[type, NodeType] = {}  # filled by capture.py as it meets new classes
_DTYPES: dict[Any, str] = {}
_DEVICES: dict[Any, str] = {}
# The caches themselves, for the walk's hot loop (a dict lookup, no call).
DTYPE_TEXTS, DEVICE_TEXTS = _DTYPES, _DEVICES


def dtype_text(dt: Any) -> str:
    """``torch.float32`` -> ``float32``."""
    s = _DTYPES.get(dt)
    if s is None:
        s = _DTYPES[dt] = str(dt).replace("torch.", "")
    return s


def device_text(dev: Any) -> str:
    s = _DEVICES.get(dev)
    if s is None:
        s = _DEVICES[dev] = str(dev)
    return s


def read_tensor_state(node: GraphNode, t: Any) -> None:
    """What only the tensor knows: grad, retain_grad, hooks."""
    node.retains_grad = bool(t.retains_grad)
    if t.is_leaf or t.retains_grad:  # .grad of other non-leaves warns
        g = t.grad
        if g is not None:
            node.has_grad = True
            node.grad_shape = list(g.shape)
    node.hooks = len(t._backward_hooks or ())
    node.post_accumulate_hooks = len(getattr(t, "_post_accumulate_grad_hooks", None) or ())


def add_unreadable_saved(raw: Any, attr: str, node: GraphNode) -> None:
    """Entries for a saved tensor that no longer unpacks: freed by backward
    (no data left), or stale (modified in place; the raw data keeps its shape)."""
    items = raw if isinstance(raw, (list, tuple)) else [raw]
    for i, item in enumerate(items):
        label = attr if len(items) == 1 else f"{attr}[{i}]"
        data = getattr(item, "data", None) if item is not None else None
        if data is None:
            node.saved.append(SavedTensor(label, None, None, FREED))
        else:
            node.saved.append(SavedTensor(label, list(data.shape), dtype_text(data.dtype), STALE))


def storage_key(t: Any) -> tuple | None:
    """What a tensor holds, as a key: equal for two Python objects of one tensor."""
    try:
        return (t.data_ptr(), tuple(t.shape), tuple(t.stride()), t.dtype, t.device)
    except Exception:  # sparse, meta or functorch-wrapped tensors have no plain storage
        return None


def scalar_value(t: Any) -> float | int | bool | None:
    """A one-element tensor's value, for display; None when not a finite number."""
    try:
        v = t.item()
    except Exception:
        return None
    if isinstance(v, float) and not math.isfinite(v):
        return None
    return v if isinstance(v, (bool, int, float)) else None
