"""A reentrant checkpoint's recompute: its nodes, and what it returns (NOTE [a reentrant recompute's
nodes], NOTE [a reentrant recompute that differs]). observe_recompute.py does the same for a
non-reentrant checkpoint's frames; the per-thread buckets and ranges are its."""

from __future__ import annotations

import weakref

import torch

from tutor.grade.observe_chain import _among
from tutor.grade.observe_recompute import (
    _LOCAL, MAX_WALK, _counted, _getattr, _isinstance, _len, _list, _min, _set, _setattr, _tuple, _values_too,
)
from tutor.grade.observe_state import _Tensor, _get_grad_fn


# NOTE [a reentrant recompute's nodes]: a reentrant checkpoint (`use_reentrant=True`, and what
# `checkpoint(f, x)` still means, with a warning) runs `f` under no_grad in the forward, leaving one node
# (CheckpointBackward) where `f`'s would be, and runs it again with grad on in each backward pass, then a
# pass of torch's own through what it made: `h = checkpoint(torch.exp, x)` made 6 nodes in backward-twice
# (round 28's learner probe), whose reference makes 4. A checkpoint is charged as its block would be,
# once: its first recompute is charged as the block's forward (its node stands for one of those nodes),
# and each later recompute takes off what it made, up to what the first made. Only the nodes of the
# recompute's outputs' graph count as its own (a second `h` built inside it, with a pass through it
# there, reaches no output: round 30's fourth attacker), and its range is kept: a recompute whose graph
# the code uses later takes nothing off (NOTE [a recompute's nodes]). A first form took every recompute's
# nodes off: `exp` checkpointed once for each loss, so `h` computed twice, read as 2 nodes (the sixth
# attacker).
# NOTE [a reentrant recompute that differs]: torch compares nothing of a reentrant recompute with its
# forward. Round 30's fifth attacker returned, from the recompute only, `block(t)` worked out under no_grad
# plus `p - p.detach()` with `p = t * g`, `g` the chain rule by hand (checkpoint-the-block passed), and in
# backward-twice made the first pass's recompute carry both losses' gradients and the second's `t * 0`.
# Each recompute must now return what the forward returned (NOTE [a recompute that differs]'s digest of
# the values), and every recompute of one checkpoint make the same graph (its nodes' names, in the order
# a walk from its outputs meets them): else torch's own CheckpointError, in the code's backward, and no
# gradient of the run came from a pass (the first pass's recompute carried both losses'). Left: a
# first and only recompute that returns the forward's values through a graph of its own (a `gap_` file).
_DIFFERED = [False]  # a reentrant recompute differed in this run: no gradient of it came from a pass


def differed() -> bool:
    """A reentrant recompute differed from its forward, or from the recompute before it, in this run: an
    earlier pass's gradients came through it too (observe_grads.provenance)."""
    return _DIFFERED[0]


def _outputs(out) -> list:
    return [t for t in (out if _isinstance(out, (_tuple, _list)) else (out,)) if _isinstance(t, _Tensor)]


def _digests(out) -> list:
    return [_values_too(t) for t in _outputs(out)]


# Per checkpoint (its node, weakly): [the forward's digests, the first recompute's graph (node names)].
# Kept here, not on the node: `h.grad_fn._agt_forward = None` undid the comparison (round 30's sixth
# attacker).
_STATE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _recorded_forward(forward):
    def recorded(ctx, run_function, *args):
        out = forward(ctx, run_function, *args)
        try:
            _STATE[ctx] = [_digests(out), None]
        except Exception:  # noqa: BLE001 - nothing to compare with: as torch does
            pass
        return out

    return recorded


def _graph_names(out, start: int, end: int) -> list:
    """The names of the nodes numbered from ``start`` to ``end`` (the recompute's own) on ``out``'s graph,
    in walk order; the inputs' graph, made before, is not walked. At most MAX_WALK."""
    names, stack, seen = [], [], _set()
    for t in _outputs(out)[:512]:
        node = _get_grad_fn(t)
        if node is not None and node not in seen:
            seen.add(node)
            stack.append(node)
    try:
        while stack and _len(names) < MAX_WALK:
            node = stack.pop()
            if not start <= node._sequence_nr() < end:
                continue
            names.append(node.name())
            for child, _ in node.next_functions:
                if child is not None and child not in seen:
                    seen.add(child)
                    stack.append(child)
    except Exception:  # noqa: BLE001 - a graph that cannot be walked: none of its nodes is the recompute's
        return []
    return names


def _checked(ctx):
    """What a recompute of the checkpoint ``ctx`` takes off the count (NOTE [a reentrant recompute's
    nodes]): the first is charged as its block's forward would have been (the checkpoint's node stands for
    one of those nodes), each later one takes off what it made, which is what the first made. A recompute
    that returns other values than the forward, or makes another graph than the first, raises torch's
    CheckpointError (NOTE [a reentrant recompute that differs])."""
    def most(out, start: int, end: int) -> int:
        state = _STATE.get(ctx)
        if state is None or out is None:  # made before the observers, or the recompute raised
            return 0
        names = _graph_names(out, start, end)
        if state[0] is not None and _digests(out) != state[0]:
            _DIFFERED[0] = True
            raise torch.utils.checkpoint.CheckpointError(
                "torch.utils.checkpoint: the recomputed outputs differ from the forward's (use_reentrant=True): "
                "the function must compute the same thing both times")
        if state[1] is None:
            state[1] = names
            return _min(1, _len(names))
        if names != state[1]:
            _DIFFERED[0] = True
            raise torch.utils.checkpoint.CheckpointError(
                "torch.utils.checkpoint: a recompute made another graph than the one before (use_reentrant=True): "
                "the function must compute the same thing each time")
        return _len(names)

    return most


def _counted_reentrant(backward):
    def counted(ctx, *args):
        run = _getattr(ctx, "run_function", None)
        made: list = []  # what the recompute returned: the roots of torch's own pass through it
        if run is not None:
            recompute = _counted(run, _checked(ctx))

            def kept(*inner):
                out = recompute(*inner)
                made.append(out)
                return out

            _setattr(ctx, "run_function", kept)
        own = _getattr(_LOCAL, "reentrant", None)
        if own is None:
            own = _LOCAL.reentrant = []
        own.append(made)
        try:
            return backward(ctx, *args)
        finally:
            own.pop()
            if run is not None:
                _setattr(ctx, "run_function", run)

    return counted


def torchs_own_pass(roots) -> bool:
    """``roots`` are what the innermost reentrant recompute of this thread returned: the pass torch runs
    through it (its graph is used as it should be, not leaked)."""
    own = _getattr(_LOCAL, "reentrant", None)
    if not own or not own[-1]:
        return False
    out = own[-1][-1]
    made = out if _isinstance(out, (_tuple, _list)) else (out,)
    items = _tuple(roots) if _isinstance(roots, (_tuple, _list)) else (roots,)
    for item in items:
        if not _among(item, made):
            return False
    return _len(items) > 0


def begin() -> None:
    _DIFFERED[0] = False


def install() -> None:
    """The zygote, once: torch's reentrant checkpoint Function counted and compared."""
    try:
        from torch.utils import checkpoint
    except ImportError:
        return
    reentrant = getattr(checkpoint, "CheckpointFunction", None)
    if reentrant is not None and isinstance(reentrant.__dict__.get("backward"), staticmethod) \
            and isinstance(reentrant.__dict__.get("forward"), staticmethod):
        reentrant.backward = staticmethod(_counted_reentrant(reentrant.__dict__["backward"].__func__))
        reentrant.forward = staticmethod(_recorded_forward(reentrant.__dict__["forward"].__func__))
