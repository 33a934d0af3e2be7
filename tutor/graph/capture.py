"""Capture a live autograd graph into a plain :class:`GraphSnapshot`.

The only module that walks ``grad_fn``, and the only one in tutor/graph
that imports torch: autograd_facts.py and tensor_nodes.py only read
attributes of the objects it hands them. The walk is iterative (no recursion limit), never raises on odd
graphs (freed or stale saved tensors, views, custom Functions, double
backward), holds no torch object in its result, and touches at most as many
Nodes as the process can later free safely (see stack_guard.py).
"""

from __future__ import annotations

import math
import re
import types
from typing import Any, Iterable, Mapping

import torch

import tutor.graph.stack_guard as stack_guard
from tutor.gcpause import paused as gc_paused
from tutor.graph.autograd_facts import (DEVICE_TEXTS, DTYPE_TEXTS, NODE_TYPES, NodeType, add_unreadable_saved,
                                         device_text, dtype_text, read_tensor_state)
from tutor.graph.kinds import AVAILABLE, CUSTOM, FREED, STALE
from tutor.graph.model import GraphEdge, GraphNode, GraphSnapshot, SavedTensor, new_node
from tutor.graph.names import name_rank
from tutor.graph.tensor_nodes import TensorNodes
from tutor.graph.untrusted_node import MAX_EDGES, MAX_FAN_IN

DEFAULT_MAX_NODES = 5000
_MAX_CTX_ATTRS = 100
_UNINITIALIZED = torch.nn.parameter.UninitializedTensorMixin


def capture(roots: Any, *, max_nodes: int = DEFAULT_MAX_NODES, saved: bool = True) -> GraphSnapshot:
    """Snapshot the graph behind ``roots``: a tensor (named ``output``), a list
    of tensors (``output0``, ``output1``, ...) or a dict name -> tensor."""
    if isinstance(roots, torch.Tensor):
        named = [("output", roots)]
    elif isinstance(roots, Mapping):
        named = [(str(k), v) for k, v in roots.items() if isinstance(v, torch.Tensor)]
    else:
        named = [(f"output{i}", t) for i, t in enumerate(roots) if isinstance(t, torch.Tensor)]
    return _Walker(max_nodes, saved).run(named)


def capture_namespace(
    ns: Mapping[str, Any],
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    saved: bool = True,
    prefer: Iterable[str] | None = None,
) -> GraphSnapshot:
    """Snapshot every tensor bound to a public name in ``ns``, and the
    parameters of every ``nn.Module`` bound to one (as ``model.weight``).

    A tensor bound to several names (``leaf = torch.ones(3, requires_grad=True);
    x = leaf``) lists them all; ``prefer`` (the names an exercise uses, best
    first) puts those first, so the graph calls the tensor what the exercise
    calls it. Without it, namespace order decides."""
    named: list[tuple[str, torch.Tensor]] = []
    for name, value in ns.items():
        # by type, not isinstance: isinstance asks an object its `__class__`, which code a grader reads
        # after may answer with a property that rebinds names (NOTE [results read before the code can run])
        kind = type(value)
        if name.startswith("_") or issubclass(kind, (types.ModuleType, type)):
            continue
        if issubclass(kind, torch.Tensor):
            named.append((name, value))
        elif issubclass(kind, torch.nn.Module):
            named.extend((f"{name}.{p}", t) for p, t in value.named_parameters())
    # a lazy module's parameters have no shape before its first forward (round 44's learners: an unrun LazyLinear)
    named = [(n, t) for n, t in named if not issubclass(type(t), _UNINITIALIZED)]
    snapshot = _Walker(max_nodes, saved).run(named)
    if prefer is not None and not isinstance(prefer, str):
        rank = name_rank(prefer)
        if rank:
            last = len(rank)
            for node in snapshot.nodes:
                if len(node.names) > 1:
                    node.names.sort(key=lambda n: rank.get(n, last))
    return snapshot


def _plain(value: Any, depth: int = 0) -> Any:
    """A JSON-safe copy of a non-tensor saved value (dim, alpha, sizes ...)."""
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, str):
        return value[:_MAX_TEXT]
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, (list, tuple)) and depth < 2:
        return [_plain(v, depth + 1) for v in value[:64]]
    if isinstance(value, torch.Tensor):
        return f"tensor{list(value.shape)}"
    try:  # SymInt, torch.dtype, torch.device, enums ...
        return int(value) if isinstance(value, torch.SymInt) else _no_address(str(value))[:_MAX_TEXT]
    except Exception:
        try:
            return _no_address(repr(value))[:_MAX_TEXT]
        except Exception:
            return f"<{type(value).__name__}>"


_MAX_TEXT = 200
# "<function block at 0x7f7a...>": a reentrant checkpoint's ctx.run_function,
# any object a custom Function keeps on ctx. The address is new in every
# process, so the same graph's JSON and content hash differed from run to
# run; "<function block>" says what a learner can use.
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+(?=>)")  # a default repr's tail only


def _no_address(text: str) -> str:
    return _ADDRESS.sub("", text) if " at 0x" in text else text


def _saved_list(node: GraphNode, attr: str, value: Any) -> None:
    """A saved list of tensors (``cat``'s inputs ...): one entry per tensor."""
    for i, v in enumerate(value):
        if isinstance(v, torch.Tensor):
            node.saved.append(SavedTensor(f"{attr}[{i}]", list(v.shape), dtype_text(v.dtype), AVAILABLE))


# ---------------------------------------------------------------------------


class _Walker:
    """One capture: walks grad_fn from the named tensors into nodes and edges."""

    def __init__(self, max_nodes: int, saved: bool) -> None:
        max_nodes = max(1, int(max_nodes))
        if max_nodes > stack_guard.safe_node_count():
            max_nodes = min(max_nodes, stack_guard.make_room(max_nodes))
        self.max_nodes = max_nodes
        self.saved = saved
        self.nodes: list[GraphNode] = []
        self.edges: list[GraphEdge] = []
        self.fn_ids: dict[Any, int] = {}  # autograd Node -> id
        self.fn_names: dict[Any, list[tuple[str, torch.Tensor]]] = {}
        self.tensors = TensorNodes(self.nodes)  # leaves and constants
        self.seq: dict[int, int] = {}  # node id -> autograd sequence number
        self.frontier: list[Any] = []  # Nodes cut by the cap, for counting
        self.cut_consts = 0  # constant inputs cut by the cap

    # ----- entry -----
    def run(self, named: list[tuple[str, torch.Tensor]]) -> GraphSnapshot:
        # Thousands of new small objects would trigger the cyclic GC again and
        # again, each pass scanning everything alive: 10x slower on 10k nodes.
        with gc_paused():
            return self._run(named)

    def _run(self, named: list[tuple[str, torch.Tensor]]) -> GraphSnapshot:
        for name, t in named:
            fn = t.grad_fn
            if fn is not None:
                self.fn_names.setdefault(fn, []).append((name, t))
            else:
                self.tensors.add_name(name, t)

        roots: dict[str, int] = {}
        stack: list[Any] = []
        for name, t in named:
            fn = t.grad_fn
            if fn is None:
                roots[name] = self.tensors.node(t)
                continue
            node_id = self.fn_ids.get(fn)
            if node_id is None:
                node_id = self._new_fn_id(fn)
                stack.append(fn)
                self._expand_all(stack)
            roots[name] = node_id

        total, exact = self._count_rest()
        self._number_forward_order()
        return GraphSnapshot(
            nodes=self.nodes,
            edges=self.edges,
            roots=roots,
            truncated=bool(self.frontier or self.cut_consts),
            total_nodes=total,
            total_exact=exact,
            torch_version=torch.__version__,
        )

    # ----- the detailed walk -----
    def _expand_all(self, stack: list[Any]) -> None:
        # The hot loop: one pass over the Nodes, each read once, written
        # straight into its GraphNode; every per-class fact (names, saved
        # attribute spellings, leaf or not) comes from NODE_TYPES, lookups are
        # local and the rare cases (freed saved tensors, custom Functions,
        # cut inputs) leave the loop for a method.
        nodes, edges, fn_ids, frontier = self.nodes, self.edges, self.fn_ids, self.frontier
        fn_names, seq, types_ = self.fn_names, self.seq, NODE_TYPES
        max_nodes, want_saved = self.max_nodes, self.saved
        tensors = self.tensors
        tensor_ids = tensors.ids
        const_input, leaf_node = tensors.const_input, tensors.leaf
        dtypes, devices = DTYPE_TEXTS, DEVICE_TEXTS
        new_edge, edge_cls = tuple.__new__, GraphEdge
        tensor_type = torch.Tensor
        while stack:
            fn = stack.pop()
            parent = fn_ids[fn]
            node = nodes[parent]
            info = types_[type(fn)]
            metas = fn._input_metadata
            if metas:
                m = metas[0]
                node.shape = list(m.shape)
                dt = m.dtype
                node.dtype = dtypes.get(dt) or dtype_text(dt)
                dev = m.device
                node.device = devices.get(dev) or device_text(dev)
                if len(metas) > 1:
                    node.num_outputs = len(metas)
            seq[parent] = fn._sequence_nr()
            if fn_names:
                for name, t in fn_names.get(fn, ()):
                    self._attach_name(node, name, t)
            unpacked: dict[str, Any] | None = None
            if want_saved:
                if info.kind == CUSTOM:
                    self._describe_custom(fn, node)
                else:
                    for attr, saved_name, raw_name in info.tensor_reads:
                        try:
                            value = getattr(fn, saved_name)
                        except RuntimeError:
                            # Freed by backward, or stale after an in-place change. The raw
                            # SavedTensor still knows the shape unless it was freed.
                            add_unreadable_saved(getattr(fn, raw_name, None), attr, node)
                            continue
                        except Exception:
                            continue
                        if value is None:
                            continue
                        if isinstance(value, tensor_type):
                            if unpacked is None:
                                unpacked = {}
                            unpacked[attr] = value
                            dt = value.dtype
                            node.saved.append(
                                SavedTensor(attr, list(value.shape), dtypes.get(dt) or dtype_text(dt), AVAILABLE)
                            )
                        elif isinstance(value, (list, tuple)):
                            _saved_list(node, attr, value)
                    for attr, saved_name in info.value_reads:
                        try:
                            node.attrs[attr] = _plain(getattr(fn, saved_name))
                        except Exception:  # a freed graph may refuse; the value is optional
                            pass
            fresh: list[Any] = []
            input_nr = -1
            for child, output_nr in fn.next_functions:
                input_nr += 1
                if input_nr >= MAX_FAN_IN or len(edges) >= MAX_EDGES:
                    # Past what a reader accepts (untrusted.py): cut, and say so.
                    node.more_inputs = True
                    if child is None:
                        self.cut_consts += 1
                    elif child not in fn_ids:
                        frontier.append(child)
                    continue
                if child is None:
                    if len(nodes) >= max_nodes:
                        node.more_inputs = True
                        self.cut_consts += 1
                        continue
                    child_id = const_input(input_nr, unpacked)
                else:
                    child_id = fn_ids.get(child)
                    if child_id is None:
                        child_info = types_.get(type(child))
                        if child_info is None:
                            child_info = types_[type(child)] = NodeType(child)
                        is_leaf = child_info.is_leaf
                        if is_leaf is None:
                            is_leaf = hasattr(child, "variable")
                        if len(nodes) >= max_nodes and not (is_leaf and id(child.variable) in tensor_ids):
                            node.more_inputs = True
                            frontier.append(child)
                            continue
                        if is_leaf:  # AccumulateGrad: a leaf
                            child_id = leaf_node(child)
                        else:
                            child_id = len(nodes)
                            fn_ids[child] = child_id
                            raw = child_info.raw if child_info.name_is_type else child.name()
                            nodes.append(new_node(child_id, raw, child_info.op, child_info.kind))
                            fresh.append(child)
                edges.append(new_edge(edge_cls, (parent, child_id, input_nr, output_nr)))
            # Reversed so inputs are expanded (and numbered) in input order.
            if fresh:
                if len(fresh) == 1:  # a chain's every node
                    stack.append(fresh[0])
                else:
                    stack.extend(reversed(fresh))

    def _new_fn_id(self, fn: Any) -> int:
        info = NODE_TYPES.get(type(fn))
        if info is None:
            info = NODE_TYPES[type(fn)] = NodeType(fn)
        raw = info.raw if info.name_is_type else fn.name()
        node_id = len(self.nodes)
        self.fn_ids[fn] = node_id
        self.nodes.append(new_node(node_id, raw, info.op, info.kind))
        return node_id

    def _describe_custom(self, fn: Any, node: GraphNode) -> None:
        """Saved tensors and ctx attributes of a custom Function's node. After
        backward() freed them, torch refuses every way in (``saved_tensors``
        and ``_raw_saved_tensors`` alike) and keeps no count: they read as
        one freed entry, the way built-in nodes read as freed."""
        tensors: Any
        try:
            tensors = fn.saved_tensors
            states = [AVAILABLE] * len(tensors)
        except RuntimeError:
            try:
                raw = fn._raw_saved_tensors or ()
            except RuntimeError:  # freed by backward without retain_graph
                raw = None
            except Exception:
                raw = ()
            if raw is None:
                node.saved.append(SavedTensor("saved_tensors", None, None, FREED))
                tensors, states = [], []
            else:
                tensors = [getattr(r, "data", None) for r in raw]
                # Readable raw data after a refusal: modified in place since saved.
                states = [FREED if t is None else STALE for t in tensors]
        except Exception:  # an odd ctx: its saved tensors are optional detail
            tensors, states = [], []
        for i, (t, state) in enumerate(zip(tensors, states)):
            if isinstance(t, torch.Tensor):
                node.saved.append(SavedTensor(f"saved_tensors[{i}]", list(t.shape), dtype_text(t.dtype), state))
            else:
                node.saved.append(SavedTensor(f"saved_tensors[{i}]", None, None, state))
        try:
            items = list(vars(fn).items())
        except Exception:
            items = []
        for key, value in items[:_MAX_CTX_ATTRS]:
            if not isinstance(key, str) or key.startswith("_"):
                continue
            try:
                if isinstance(value, torch.Tensor):
                    # Stored on ctx directly instead of save_for_backward: worth seeing.
                    node.saved.append(SavedTensor(f"ctx.{key}", list(value.shape), dtype_text(value.dtype), AVAILABLE))
                else:
                    node.attrs[key] = _plain(value)
            except Exception:
                continue

    def _attach_name(self, node: GraphNode, name: str, t: torch.Tensor) -> None:
        node.names.append(name)
        if node.retains_grad is None:
            read_tensor_state(node, t)

    # ----- beyond the cap -----
    def _count_rest(self) -> tuple[int, bool]:
        """Count the Nodes the cap cut off, touching no more of them than the
        stack can free later (stack_guard.py)."""
        if not self.frontier:
            return len(self.nodes) + self.cut_consts, True
        seen = set(self.fn_ids)
        budget = stack_guard.safe_node_count()
        stack = [fn for fn in self.frontier if not (fn in seen or seen.add(fn))]
        extra = len(stack) + self.cut_consts
        while stack:
            fn = stack.pop()
            for child, _ in fn.next_functions:
                if child is None:  # a constant input, a node of its own
                    extra += 1
                    continue
                if child in seen:
                    continue
                if len(seen) >= budget:
                    budget = stack_guard.make_room(len(seen) + 1)
                    if len(seen) >= budget:
                        return len(self.nodes) + extra, False
                seen.add(child)
                extra += 1
                stack.append(child)
        return len(self.nodes) + extra, True

    def _number_forward_order(self) -> None:
        for rank, node_id in enumerate(sorted(self.seq, key=self.seq.__getitem__)):
            self.nodes[node_id].order = rank


