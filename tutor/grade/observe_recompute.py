"""A checkpoint's recompute must save what the forward saved, values included.

NOTE [a recompute that differs]: a non-reentrant checkpoint
(``torch.utils.checkpoint.checkpoint(f, ..., use_reentrant=False)``) saves
nothing in the forward and runs ``f`` again when the backward pass needs
what was saved; the backward nodes read the recompute's tensors. torch
compares the two runs' saved tensors by shape, dtype and device only
(``determinism_check="default"``; ``"none"`` compares nothing), so an ``f``
that computes the real forward the first time and other numbers the second
handed the pass whatever it liked: gradients worked out by hand passed five
exercises' "a backward pass of loss made this gradient" (two-paths-add-up,
vector-jacobian-product, clip-with-a-hook, fix-the-in-place-error,
fix-the-training-loop), with no custom Function and no hook of the code's on
the graph. In a run both settings also compare the
values (a digest of the bytes, so NaNs compare equal and nothing is kept):
a recompute that differs raises torch's own CheckpointError in the code's
backward. A correct ``f`` recomputes the same bytes (checkpoint restores the
RNG state for it). Code that puts torch's table back before it calls
checkpoint is not seen (docs/grading.md, "Self-reported evidence").

NOTE [a recompute's nodes]: footprint counts the nodes a run made from
autograd's per-thread sequence counter (observe.py), and a checkpoint's
recompute, run in the backward pass, adds the checkpointed function's nodes
a second time: a correct checkpointed head failed freeze-the-first-layer's
"at most 4 graph nodes" (5). The nodes a recompute makes in a backward pass
are taken off the count, up to what that frame's forward made, less what
recomputes inside it took off already (a checkpoint inside a checkpoint's
recompute was taken off twice). A recompute's graph is thrown away when it
ends: one the function leaks (into a list, a global) and the code uses
later, as a forward it was not charged for, is found by sequence number on
the graph of every later pass's roots, as autograd's engine gets them
(observe_answered.py: a generator of roots, a GradientEdge), and of the
tensors the code leaves, and then nothing is taken off (round 28's probes:
a forward built piece by piece in recomputes, a second `h` for
backward-twice's second loss). Sequence numbers are counted per thread:
each thread the code runs on (its own, and those it starts:
observe_threads.py) keeps what its recomputes took off, and its ranges.
"""

from __future__ import annotations

import bisect
import hashlib
import threading

import torch

from tutor.grade.observe_dispatch import note_stack as _note_stack
from tutor.grade.observe_state import (
    _S, _Tensor, _get_grad_fn, _graph_task_id, _isinstance, _no_torch_function_at_all, _read_sequence_nr,
)

# read in a backward pass of the code's, which may have replaced the builtins
_getattr, _enumerate, _len, _min, _setattr, _set, _list, _tuple, _dict = \
    getattr, enumerate, len, min, setattr, set, list, tuple, dict
_bisect = bisect.bisect_right

# autograd's per-thread node counter (where torch cannot read it, nothing is taken off and no thread counts)
_sequence_nr = _read_sequence_nr or (lambda: 0)
# NOTE [a recompute's nodes]: per thread, a bucket of what its recomputes took off and the ranges of
# sequence numbers they made (in order: a range within a later one is dropped); whether one of those
# nodes was used later; the code's namespace
_LOCAL = threading.local()  # .bucket: the thread's [nodes taken off, first numbers, past-the-last numbers]
_BUCKETS: list = []  # every thread's of this run
_LEAKED = [False]
_NAMESPACE: list = [None]
_GradientEdge = _getattr(torch.autograd.graph, "GradientEdge", None)
MAX_WALK = 50_000  # nodes walked for one look; a bigger graph counts as reached


# NOTE [numbers given back once]: footprint's count is the sequence numbers the run's thread took, less
# what was given back: a range by an observer's asking (observe_targets, observe_accumulated), by dynamo's
# compile step (observe_compile), by a recompute (here), and single numbers (observe_unrecorded). Ranges
# nest: a compile step inside a backend's compile step, a recompute's accumulator views. Each took its
# whole range off, so the numbers inside were given back twice: the model's own nodes went uncounted
# (round 46's attacker: evaluate-without-a-graph's forward with recording on, 6 of 6; a checkpoint that
# asked 30 gradient edges). Now a range gives back what was taken in it less what was given back in it, and
# less what was kept as the code's in it (NOTE [a backend is the code's], observe_compile.py).
def mark() -> tuple:
    """Where this thread's count stands: (its sequence number, the observers' numbers given back, its
    recomputes' taken off, what was kept as the code's inside the observers' ranges)."""
    bucket = _getattr(_LOCAL, "bucket", None)
    return _sequence_nr(), _S.observer_nodes, bucket[0] if bucket else 0, _S.code_made


def made_since(at: tuple) -> int:
    """The numbers this thread took since ``at`` (``mark``'s), less those given back or kept as the code's."""
    first, observed, taken, code = at
    bucket = _getattr(_LOCAL, "bucket", None)
    return _sequence_nr() - first - (_S.observer_nodes - observed) - ((bucket[0] if bucket else 0) - taken) \
        - (_S.code_made - code)


def give_back_view(first: int) -> None:
    """An asking for a leaf's accumulator, which makes one view (NOTE [a view to reach an accumulator]): its
    number given back where the counter moved by exactly one since ``first``: anything else made there is
    the code's (round 46's attacker ran its forward in a `builtins.id`, and a `__del__`, that it called)."""
    if _sequence_nr() - first == 1:
        _S.observer_nodes += 1


def give_back_since(at: tuple) -> None:
    """An observer's range, given back once (NOTE [numbers given back once])."""
    made = made_since(at)
    if made > 0:
        _S.observer_nodes += made


def _values_too(x: torch.Tensor) -> dict:
    """torch's default metadata, and a digest of the values, read with no ``__torch_function__`` of the
    code's in the way (a subclass's ``detach`` showed the forward's values: round 28's probe)."""
    with _no_torch_function_at_all():
        return _read_values(x)


def _read_values(x: torch.Tensor) -> dict:
    meta = {"shape": x.shape, "dtype": x.dtype, "device": x.device}
    try:
        data = x.detach()
        if data.layout != torch.strided:
            data = data.to_dense()
        # the negative and conjugate bits are views' flags: resolved, the bytes are the values (a tensor
        # of `torch._neg_view` made the digest raise, and the values went uncompared)
        data = data.resolve_conj().resolve_neg()
        raw = data.cpu().reshape(-1).contiguous().view(torch.uint8).numpy().tobytes()
        meta["values"] = hashlib.blake2b(raw, digest_size=16).hexdigest()
    except Exception:  # noqa: BLE001 - an odd tensor (a subclass, a meta tensor): compared as torch does
        pass
    return meta


def _held_ones_too(check):
    """torch's comparison, and with ``ignore_saved_mismatch`` set, the tensors the forward saved
    compared one by one all the same.

    torch sets that flag, and never clears it, when a recompute saves more than the forward has so
    far: a gradient taken inside the checkpointed function with early stop off. Code that read a saved
    tensor during its forward (``set_checkpoint_early_stop(False)``) set it on purpose, and the next
    recompute, with a formula in its saved tensors, was compared with nothing (two-paths-add-up)."""
    def checked(self, gid):
        if _getattr(self, "ignore_saved_mismatch", False):
            recomputed = self.recomputed.get(gid) or {}
            for idx, weak in _enumerate(self.weak_holders):
                holder = weak()
                handle = None if holder is None else holder.handles.get(gid)
                if handle is None or handle not in recomputed or idx >= _len(self.x_metadatas):
                    continue  # freed, or not recomputed yet
                if self.metadata_fn(recomputed[handle]) != self.x_metadatas[idx]:
                    raise torch.utils.checkpoint.CheckpointError(
                        "torch.utils.checkpoint: Recomputed values for the following tensors have different "
                        f"metadata than during the forward pass.\ntensor at position {idx}")
        return check(self, gid)

    return checked


def _counted_frames(init):
    """A frame notes the sequence number it starts at; its recompute counts the nodes it makes."""
    def made(self, recompute_fn, *args, **kwargs):
        init(self, recompute_fn, *args, **kwargs)
        seq = [mark(), None]  # where the forward starts; its nodes (when it is done)

        _setattr(self, "recompute_fn", _counted(recompute_fn, lambda out, start, end: seq[1]))
        _setattr(self, "_agt_seq", seq)
    return made


def _counted(recompute_fn, forward):
    """``recompute_fn``, run in a backward pass: the nodes it makes are taken off its thread's count, up to
    ``forward(what it returned, first number, past the last)`` (None: nothing is taken off), and their
    sequence numbers kept as a range. A mode it leaves on the dispatch stack is the code's (it runs inside
    a node: NOTE [a dispatch put on the stack], observe_dispatch.py)."""
    def recompute(*inner):
        bucket = _getattr(_LOCAL, "bucket", None)  # None: a thread of no run's
        at = mark()
        start = at[0]
        out = None
        _LOCAL.recomputing = _getattr(_LOCAL, "recomputing", 0) + 1
        try:
            out = recompute_fn(*inner)
            return out
        finally:
            _LOCAL.recomputing -= 1
            _note_stack()
            end = _sequence_nr()
            most = forward(out, start, end)
            if bucket and most is not None and _graph_task_id() != -1:
                made_here = made_since(at)  # less what inner recomputes took off, and the observers gave back
                if made_here > 0:
                    bucket[0] += _min(made_here, most)
                    starts, ends = bucket[1], bucket[2]
                    while starts and starts[-1] >= start:  # recomputes inside this one: within its range
                        starts.pop()
                        ends.pop()
                    starts.append(start)
                    ends.append(end)

    return recompute


def _forward_done(exit_):
    """The forward of a checkpoint ends when torch's pack hooks come off: its nodes are counted."""
    def done(self, *args):
        try:
            return exit_(self, *args)
        finally:
            seq = _getattr(_getattr(self, "_agt_frame", None), "_agt_seq", None)
            if seq is not None and seq[1] is None:
                seq[1] = made_since(seq[0])  # NOTE [numbers given back once]
    return done


def _hook_knows_frame(init):
    def made(self, frame, *args, **kwargs):
        init(self, frame, *args, **kwargs)
        _setattr(self, "_agt_frame", frame)
    return made


def begin(namespace: dict) -> None:
    _LEAKED[0], _NAMESPACE[0] = False, namespace
    del _BUCKETS[:]
    enter_thread()


def enter_thread() -> list:
    """The calling thread's bucket, new (the run's thread at begin, each thread the code starts)."""
    bucket = [0, [], []]
    _BUCKETS.append(bucket)
    _LOCAL.bucket = bucket
    return bucket


def recomputing() -> bool:
    """A checkpoint's recompute runs on this thread (its saves are transient: observe_saved.py)."""
    return _getattr(_LOCAL, "recomputing", 0) > 0


def on_the_runs_thread() -> bool:
    return bool(_BUCKETS) and _getattr(_LOCAL, "bucket", None) is _BUCKETS[0]


def taken(bucket: list) -> int:
    """What a thread's recomputes took off its count: nothing where a recompute's graph was used."""
    if _LEAKED[0]:
        return 0
    return bucket[0]


def taken_off() -> int:
    """What the run's own thread's recomputes took off (at its end; the namespace is looked at first)."""
    if _ranges() and not _LEAKED[0] and _NAMESPACE[0] is not None:
        namespace = _NAMESPACE[0]
        look_at(_tuple(namespace[k] for k in _list(namespace)[:500]))
    return taken(_BUCKETS[0]) if _BUCKETS else 0


def _ranges() -> bool:
    for bucket in _BUCKETS:
        if bucket[1]:
            return True
    return False


def _recomputed(number) -> bool:
    for _, starts, ends in _BUCKETS:
        i = _bisect(starts, number) - 1
        if i >= 0 and number < ends[i]:
            return True
    return False


def _is_edge(value) -> bool:
    return _GradientEdge is not None and _isinstance(value, _GradientEdge) and _tuple.__len__(value) >= 2


def look_at(values) -> None:
    """The tensors and gradient edges among ``values`` (one level into lists, tuples and dicts): does their
    graph hold a node a recompute made? (a pass's roots as the engine gets them; the namespace at the end)"""
    if _LEAKED[0] or not _ranges():
        return
    stack, seen = [], _set()
    for value in _tuple(values)[:512]:
        # read past the containers' own methods, as the engine reads a GradientEdge (round 31's first
        # attacker's subclass answered `edge[0]` with None, and its pass went through a leaked graph)
        items = [value] if _is_edge(value) else _list(_dict.values(value))[:256] if _isinstance(value, _dict) \
            else _list(_list.__iter__(value))[:256] if _isinstance(value, _list) \
            else _list(_tuple.__iter__(value))[:256] if _isinstance(value, _tuple) else [value]
        for item in items:
            node = _get_grad_fn(item) if _isinstance(item, _Tensor) else \
                _tuple.__getitem__(item, 0) if _is_edge(item) else None
            if node is not None and node not in seen:
                seen.add(node)
                stack.append(node)
    try:
        while stack:
            node = stack.pop()
            if _recomputed(node._sequence_nr()) or _len(seen) > MAX_WALK:
                _LEAKED[0] = True
                return
            for child, _ in node.next_functions:
                if child is not None and child not in seen:
                    seen.add(child)
                    stack.append(child)
    except Exception:  # noqa: BLE001 - a graph that cannot be walked: nothing is taken off
        _LEAKED[0] = True


def install() -> None:
    """Both of torch's settings compare values too (the zygote, once, before any code runs)."""
    try:
        from torch.utils import checkpoint
    except ImportError:
        return
    table = getattr(checkpoint, "_allowed_determinism_checks_to_fns", None)
    if isinstance(table, dict):
        for key in list(table):
            table[key] = _values_too
    frame = getattr(checkpoint, "_CheckpointFrame", None)
    check = getattr(frame, "check_recomputed_tensors_match", None)
    if check is not None:
        frame.check_recomputed_tensors_match = _held_ones_too(check)
    hook = getattr(checkpoint, "_checkpoint_hook", None)
    if frame is not None and hook is not None:
        frame.__init__ = _counted_frames(frame.__init__)
        hook.__init__ = _hook_knows_frame(hook.__init__)
        hook.__exit__ = _forward_done(hook.__exit__)
