"""What a reverse pass accumulated into each followed leaf (observe_grads.before and mark).

NOTE [accumulated, not assigned]: a hook may change a gradient during a
pass (clamp it in place after accumulation, or change what flows on), and
that is the pass's own. But a hook on `x` that assigned `w.grad` during a
pass that never reached `w` (`torch.autograd.backward(loss, inputs=[x])`)
passed clip-with-a-hook's `from_backward` check on `w`. So the pass notes,
through a post-accumulate hook of the observers' own on each followed leaf,
which leaves autograd accumulated into; a leaf's gradient that changed
during the pass without that is written by the code.

NOTE [a gradient a hook cleared]: PyTorch's "optimizer step in the backward
pass" recipe steps and clears `w.grad` in a post-accumulate hook
(`opt.step(); opt.zero_grad()`): the pass left nothing to note, and the
hook's clone matched no pass. The observers' post-accumulate hook runs
first among the leaf's (torch's engine reads the dict beneath the
OrderedDict in the order of insertion, so the dict is put back in order, not
moved), noting, where the code has hooks of its own there, a copy of what
autograd just accumulated: it stands for a gradient gone when the pass ends,
and joins the history of values (observe_replaced: clearing it in such a
hook replaces nothing). No copy (past the budget), no note: the first form
kept the tensor and its version, and the code wrote its own numbers into
that tensor through `.data` (no version moves) and put it back (round 29's
attacker).

NOTE [written during the pass]: what a leaf holds after accumulation must be
what autograd delivered to it (what a pre-hook of the observers' on its
accumulator is handed: after the tensor's own hooks, before the
accumulator's other pre-hooks), alone or added to what the leaf
held as the pass started (or, accumulated again in the same pass, after
the last of its post-accumulate hooks ran: a third hook of ours). A saved-tensor unpack hook of the code's wrote
`x.grad` and `w.grad` mid-pass, and the pass added autograd's gradients to
those numbers (clip-with-a-hook and fix-the-in-place-error passed so, round
29's attacker): any other sum is a replacement ("leaf", observe_replaced).
A gradient too big to copy, either side, cannot be checked: that is one too.
And what the leaf holds when the pass ends must be what it held once the
last of its post-accumulate hooks ran (a third hook of the observers'), or
nothing: a finalizer hung on the gradient handed to the accumulator, and an
unpack hook in an older branch of the graph (`loss + 0 * side`), which the
engine runs after the leaves accumulated, wrote a formula there (the
attacker of the mends). The observers' pre-hook asks, as it runs, that it
is still first among the accumulator's: a hook of the code's put its own
back before it mid-pass (the fourth attacker).
Every read here runs past any __torch_function__: a mode the code pushes in
a hook stays on while the node's other hooks run.
"""

from __future__ import annotations

from collections import OrderedDict as _OrderedDict

from tutor.grade.observe_chain import TOO_MANY, nodes_under
from tutor.grade.observe_recompute import _sequence_nr, give_back_view, on_the_runs_thread
from tutor.grade.observe_replaced import note_written as _written
from tutor.grade.observe_state import (
    _any, _clone, _detach, _get_grad, _get_grad_fn, _get_version, _getattr, _is_grad_enabled, _isinstance, _len,
    _list, _no_torch_function_at_all, _numel, _register_post_accumulate, _S, same_values, _set_grad_enabled, _Tensor,
    _TensorBase, _type, _view_as,
)

_id = id  # as imported: an `id` of the code's ran inside the observers' asking (round 46's second attacker)
MAX_COPY = 1_000_000  # elements of one copy
MAX_COPIES = 4_000_000  # elements copied in one pass, in all


def begin() -> None:
    """As a run starts."""
    _S.accumulators = {}


def begin_pass() -> None:
    _S.grad_accumulated, _S.grad_accumulated_notes, _S.grad_delivered, _S.grad_base = set(), {}, {}, {}
    _S.accumulated_budget = [MAX_COPIES]


def watch(key, tensor, old, roots=()) -> list:
    """On a followed leaf, for one pass: the handles of the observers' three hooks (what autograd delivers;
    first after accumulation: was it that; last: what the leaf holds once the code's hooks ran). ``old``:
    the note of its gradient as the pass starts (observe_grads._note), or None."""
    _S.grad_base[key] = None if old is None else old[2] if old[2] is not None else _NO_COPY
    handles = []
    with _no_torch_function_at_all():
        # on the accumulator, not the tensor: a pre-hook there sees what the tensor's hooks hand on, and is
        # no entry in `w._backward_hooks`, which a pack's own check may count (remove-the-hook's does)
        node = _accumulator(tensor, roots)
        if node is not None:
            on = _S.on
            _S.on = False  # the observers' registration is not the code's
            try:
                seen = []  # (the dict, our id), for the hook to ask that it is still first when it runs
                handles.append(node.register_prehook(_delivered_to(key, seen)))
                _first(handles[-1])  # before the code's own pre-hooks there, which may replace the gradient
                seen.append((handles[-1].hooks_dict_ref(), handles[-1].id))
            finally:
                _S.on = on
        handles.append(_register_post_accumulate(tensor, _accumulated_into(key)))
        _first(handles[-1])
        handles.append(_register_post_accumulate(tensor, _after_hooks(key)))
    return handles


def _accumulator(tensor, roots=()):
    """The leaf's AccumulateGrad node, kept for the run (one asking per leaf). Asking makes a node, which is
    taken off the run's own thread's count (as observe_targets asks); off that thread (a pass in a thread
    of the code's: round 29's third attacker) it is looked for on the graph of the pass's roots instead."""
    kept = _S.accumulators.get(_id(tensor))
    if kept is not None and kept[0] is tensor:
        return kept[1]
    if not on_the_runs_thread():
        return _accumulator_under(tensor, roots)
    on, enabled = _S.on, _is_grad_enabled()
    try:
        _S.on = False
        _set_grad_enabled(True)
        first = _sequence_nr()
        view = _view_as(tensor, tensor)
        give_back_view(first)  # NOTE [numbers given back once] (observe_recompute.py)
        node = _get_grad_fn(view).next_functions[0][0]
        _S.accumulators[_id(tensor)] = (tensor, node)
        return node
    except Exception:  # noqa: BLE001 - an odd tensor: what was delivered is not seen
        return None
    finally:
        _S.on = on
        _set_grad_enabled(enabled)


def _accumulator_under(tensor, roots, most: int = 10_000):
    try:
        for root in _list(roots)[:64]:
            for fn in nodes_under(_get_grad_fn(root) if _isinstance(root, _Tensor) else None, most):
                if fn is TOO_MANY:
                    return None
                if _getattr(fn, "variable", None) is tensor:
                    return fn
    except Exception:  # noqa: BLE001 - not found: what was delivered is not seen
        pass
    return None


_NO_COPY = object()
_MISSING = object()  # the accumulator's pre-hook has not run since the last accumulation (or is not on)


def _copy(grad):
    size = int(_numel(grad))
    budget = _S.accumulated_budget
    if size > MAX_COPY or budget[0] < size:
        return None
    budget[0] -= size
    return _clone(_detach(grad))


def _delivered_to(key, seen: list):
    def delivered(grads):
        try:
            with _no_torch_function_at_all():
                # still first among the accumulator's pre-hooks: a hook of the code's, run earlier in the
                # pass, put its own pre-hooks back before ours (round 29's fourth attacker)
                _S.grad_delivered[key] = _copy(grads[0]) if seen and _first_of(*seen[0]) else None
        except Exception:  # noqa: BLE001 - no copy: the sum cannot be checked (NOTE [written during the pass])
            _S.grad_delivered[key] = None
        return None
    return delivered


def _first_of(hooks, hook_id) -> bool:
    """In the order torch's engine reads the dict: the plain dict's, not the OrderedDict's (which
    ``move_to_end`` changes alone)."""
    for key in _dict_iter(hooks):
        return key == hook_id
    return False


_dict_iter = dict.__iter__
_post_hooks_of = vars(_TensorBase)["_post_accumulate_grad_hooks"].__get__


def _accumulated_into(key):
    def accumulated(tensor):
        _S.grad_accumulated.add(key)
        try:
            with _no_torch_function_at_all():
                grad = _get_grad(tensor)
                delivered = _S.grad_delivered.get(key, _MISSING)  # (missing: no pre-hook, nothing seen)
                _S.grad_delivered[key] = _MISSING
                if not _as_delivered(grad, delivered, _S.grad_base.get(key)):
                    _written()  # NOTE [written during the pass]
                hooks = _post_hooks_of(tensor)  # TensorBase's own: the noting property is for the code's reads
                if grad is not None and _len(hooks or ()) > 2:  # NOTE [a gradient a hook cleared]
                    copy = _copy(grad)
                    if copy is not None:
                        _S.grad_accumulated_notes[key] = (grad, int(_get_version(grad)), copy)
        except Exception:  # noqa: BLE001 - unreadable: not what autograd delivered
            _written()
    return accumulated


def _after_hooks(key):
    def after(tensor):
        """What the next accumulation in this pass adds to (a reentrant checkpoint's inner pass may
        accumulate into the leaf before the outer one does)."""
        try:
            with _no_torch_function_at_all():
                grad = _get_grad(tensor)
                copy = None if grad is None else _copy(grad)
                _S.grad_base[key] = None if grad is None else _NO_COPY if copy is None else copy
        except Exception:  # noqa: BLE001
            _S.grad_base[key] = _NO_COPY
    return after


def check_at_end(followed: dict) -> None:
    """As the pass ends (observe_grads.mark): each leaf it accumulated into holds what it held once the last
    of its post-accumulate hooks ran, or nothing (cleared). NOTE [written during the pass]."""
    for key in _list(_S.grad_accumulated):
        tensor = followed.get(key)
        try:
            with _no_torch_function_at_all():
                grad = None if tensor is None else _get_grad(tensor)
                if grad is None or not bool(_any(grad)):
                    continue
                base = _S.grad_base.get(key)
                if base is None or base is _NO_COPY or not same_values(grad, base):
                    _written(True)
        except Exception:  # noqa: BLE001 - unreadable: not what the pass left
            _written(True)


def _as_delivered(grad, delivered, base) -> bool:
    """``grad`` (the leaf's gradient after accumulation) is what was ``delivered``, alone or added to
    ``base`` (what the leaf held before: tried first where there is one)."""
    if grad is None or delivered is None or delivered is _MISSING:
        return False
    if base is not None and base is not _NO_COPY and same_values(grad, base + delivered):
        return True
    return same_values(grad, delivered)


def _first(handle) -> None:
    """The observers' hook before the code's in that dict of hooks (NOTE [a gradient a hook cleared])."""
    try:
        hooks = handle.hooks_dict_ref()
        if _type(hooks) is _OrderedDict and _len(hooks) > 1:
            items = _list(_OrderedDict.items(hooks))
            _OrderedDict.clear(hooks)
            for key, hook in items[-1:] + items[:-1]:  # ours was registered last
                _OrderedDict.__setitem__(hooks, key, hook)
    except Exception:  # noqa: BLE001
        pass
