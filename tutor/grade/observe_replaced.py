"""Hooks that replaced a gradient during a backward pass.

NOTE [a hook that replaced a gradient]
A hook's return value (or what it writes into the gradient it is given)
becomes the gradient autograd carries on. `x.register_hook(lambda g: a +
x.exp())`, a formula worked out by hand, put the right numbers in `x.grad`
through a pass that started at the loss: `from_backward`, `backward_from`
and the `calls` counts all passed (two-paths-add-up, linear-gradients,
freeze-the-first-layer and six more, found by probing the verdicts).

For runs whose checks ask where a gradient came from (a `grad` check's
`from_backward`, a `value` check's `from_autograd`), each backward hook the
code registers runs wrapped (tensor, post-accumulate, node and module
backward hooks; forward hooks change no gradient): the gradients it is
given, and the followed tensors' `.grad`, are copied first. When it returns
other numbers, leaves other numbers in what it was given, or leaves other
numbers (not None, not zeros) in a followed tensor's `.grad` (an
`AccumulateGrad` node's hook writing `x.grad`), the run notes a
replacement, as "leaf" (a hook on leaf tensors, a post-accumulate hook, a
leaf's `.grad` written) or "other". A replacement in a backward pass goes
with the gradients that pass leaves (observe_grads.mark calls `passed_on`):
a hooked experiment before a clean pass is not the clean pass's. One in an
`autograd.grad` call goes with every result assigned.

A `grad` check fails the gradients of its tensor where its passes made a
replacement of a class the reference's made none of (a `value` check: the
whole run's): clip-with-a-hook's clamp on `y` allows hooks that change
`y`'s gradient, not hooks that write `x`'s. A hook that returns what it was
given (`g`, `g.clone()`, `g * 1`), or None, replaces nothing; nor does one
that returns a formula bit for bit what autograd sent. Self-reported, as
every record is (docs/grading.md).
"""

from __future__ import annotations

from tutor.grade.observe_dispatch import note_stack as _note_stack
from tutor.grade.observe_inputs import read_inputs as _read_inputs
from tutor.grade.observe_state import (
    _any, _clone, _copy_names, _detach, equal_bits, _get_grad, _get_is_leaf, _getattr, _graph_task_id,
    _isinstance, _len, _no_torch_function_at_all, _S, _Tensor, scaled_values,
)

CLASSES = ("leaf", "other")
# and of each, the replacements that only scaled what the hook was given by a positive number (`g / 4`):
# a grad check with `from_backward: or-scaled` forgives those (round 32's third learners' probe)
_SCALED = {"leaf": "leaf-scaled", "other": "other-scaled"}
KEYS = CLASSES + tuple(_SCALED.values())
MAX_GIVEN = 64  # gradients compared per hook call


def begin(config: dict) -> None:
    _S.replaced, _S.replaced_now, _S.replaced_outside, _S.grad_replaced = {}, {}, {}, {}
    _S.watch_replaced = bool(config.get("grads") or config.get("autograd_values"))


def watch(args: tuple, kwargs: dict, at: int, kind: str, mode: str) -> tuple[tuple, dict]:
    """A registration's arguments with the hook in them wrapped (``at``: where
    the hook is; ``mode`` "post": a post-accumulate hook, handed the tensor)."""
    target = args[0] if args and at > 0 else None
    if _len(args) > at:
        args = (*args[:at], _wrap(args[at], target, kind, mode), *args[at + 1:])
    for name in ("hook", "fn"):
        if name in kwargs:
            kwargs = {**kwargs, name: _wrap(kwargs[name], target, kind, mode)}
    return args, kwargs


def _wrap(hook, target, kind: str, mode: str):
    """The code's ``hook``, registered on ``target`` (a tensor or a list of
    them, a module, a node's hook dict), run so that a replacement is noted."""
    if not callable(hook):
        return hook
    targets = target if _isinstance(target, (list, tuple)) else (target,)
    leaf = kind == "tensor" and _all_leaves(targets[:MAX_GIVEN])
    post_accumulate = mode == "post"  # the hook gets the tensor: what it changes is its .grad

    cls = "leaf" if leaf or post_accumulate else "other"

    def watched(*args, **kwargs):
        # Past any __torch_function__: a mode the code pushes in a hook stays on while the node's other
        # hooks run, and one made to raise in here hid a replacement (round 29's attacker). What cannot be
        # read is a replacement.
        try:
            with _no_torch_function_at_all():
                before = [None if g is None else _clone(_detach(g)) for g in _given(args, post_accumulate)]
                others = _followed_grads()
        except Exception:  # noqa: BLE001
            before = others = None
        out = hook(*args, **kwargs)
        _note_stack()  # NOTE [a dispatch put on the stack]: one the hook left on for its node
        if _graph_task_id() != -1:
            _read_inputs()  # NOTE [an input changed behind autograd's back]: one a hook wrote, mid-pass
        try:
            with _no_torch_function_at_all():
                if before is None:
                    _note(cls)
                    return out
                now = _given(args, post_accumulate)
                # a post-accumulate hook that cleared the gradient it read (an optimizer's step and zero_grad
                # in the backward pass) hands nothing on: NOTE [a gradient a hook cleared]
                scaled = False
                if not (post_accumulate and _cleared(now)) and _changed(before, now, out):
                    scaled = _scaled(before, now, out)
                    _note(cls, scaled=scaled)
                # a hook that wrote another tensor's .grad (an AccumulateGrad node's); its own tensor's, with
                # the numbers it was given (or them scaled, noted above), replaces nothing (`h.grad = g`)
                for written in _written(others, targets if kind == "tensor" else (), before,
                                        scaled and post_accumulate):  # a post hook's own: its .grad, scaled
                    _note(written)
        except Exception:  # noqa: BLE001
            _note(cls)
        return out

    _copy_names(watched, hook)
    return watched


def _all_leaves(targets) -> bool:
    """Every target is a leaf tensor, read past any mode of the code's: one that answered `is_leaf` with
    False as a hook went on `x` made its replacements "other", the class clip-with-a-hook's clamp on `y`
    is allowed (round 30's attacker). A tensor whose `is_leaf` cannot be read counts as a leaf: "other"
    is the class a check may allow."""
    if not targets:
        return False
    with _no_torch_function_at_all():
        for t in targets:
            if not _isinstance(t, _Tensor):
                return False
            try:
                if not _get_is_leaf(t):
                    return False
            except Exception:  # noqa: BLE001
                continue
    return True


def note_written(this_pass: bool = False) -> None:
    """A followed leaf's gradient written during a pass (NOTE [written during the pass],
    observe_accumulated.py); ``this_pass``: found as the pass ended, and its."""
    _note("leaf", this_pass)


def _note(cls: str, this_pass: bool = False, scaled: bool = False) -> None:
    # a backward pass's go with the gradients it leaves (passed_on); others' (autograd.grad) with every one
    scope = _S.replaced_now if this_pass or _S.active.get("backward") else _S.replaced_outside
    for key in (cls, _SCALED[cls]) if scaled else (cls,):
        _S.replaced[key] = _S.replaced.get(key, 0) + 1
        scope[key] = scope.get(key, 0) + 1


def _followed_grads() -> list:
    """(tensor, its .grad, a copy) for each tensor whose gradient a check follows (observe_grads.py)."""
    out = []
    for tensor in list(_getattr(_S, "grad_followed", {}).values())[:MAX_GIVEN]:
        grad = _get_grad(tensor)
        out.append((tensor, grad, None if grad is None else _clone(_detach(grad))))
    return out


def _written(before: list, own=(), given=(), own_scaled: bool = False) -> list:
    """The classes of the followed tensors whose .grad now holds other numbers, not cleared (None, zeros),
    nor, for the tensors the hook is on (``own``), the gradient it was handed (``given``: copies), or
    (``own_scaled``) that gradient scaled, already noted."""
    out = []
    for tensor, grad, copy in before:
        now = _get_grad(tensor)
        if now is None or not bool(_any(now)):
            continue
        if _is_one_of(tensor, own) and _len(given) == 1 and given[0] is not None \
                and (own_scaled or not _differ(given, [now])):
            continue
        if copy is None or _differ([copy], [now]):  # the same numbers in a new tensor (a clone) are no change
            out.append("leaf" if _get_is_leaf(tensor) else "other")
    return out


def _cleared(grads: list) -> bool:
    for grad in grads[:MAX_GIVEN]:
        if grad is not None and bool(_any(grad)):
            return False
    return True


def _is_one_of(item, items) -> bool:
    for other in items[:MAX_GIVEN]:
        if other is item:
            return True
    return False


def _given(args, post_accumulate: bool) -> list:
    """The gradients a hook was handed: a tensor hook's one, a node's or a
    module's first tuple of them, a post-accumulate hook's tensor's .grad."""
    if post_accumulate:
        return [_get_grad(args[0]) if _isinstance(args[0], _Tensor) else None] if args else []
    for value in args[:3]:
        if _isinstance(value, _Tensor):
            return [value]
        if _isinstance(value, (list, tuple)):
            return [v if _isinstance(v, _Tensor) else None for v in value[:MAX_GIVEN]]
    return []


def _changed(before: list, now: list, returned) -> bool:
    return _differ(before, _replacement(now, returned))


def _replacement(now: list, returned) -> list:
    """What the hook handed on: what it returned, or (returning None) what it was given, as it is now."""
    if returned is not None:
        replacement = [returned] if _isinstance(returned, _Tensor) else \
            list(returned)[:MAX_GIVEN] if _isinstance(returned, (list, tuple)) else None
        if replacement is not None:
            return replacement
    return now


def _scaled(before: list, now: list, returned) -> bool:
    """Each gradient the hook handed on is what it was given times a positive number."""
    after = _replacement(now, returned)
    if _len(before) != _len(after):
        return False
    for b, a in zip(before, after):
        if (b is None) != (a is None) or (a is not None and not (_isinstance(a, _Tensor) and scaled_values(a, b))):
            return False
    return True


def _differ(before: list, after: list) -> bool:
    if _len(before) != _len(after):
        return True
    for b, a in zip(before, after):
        if b is None or a is None or not _isinstance(a, _Tensor):
            if (b is None) != (a is None):
                return True
            continue
        try:
            if list(a.shape) != list(b.shape) or not equal_bits(_detach(a), b):
                return True
        except Exception:
            return True
    return False


def passed_on(key, added: bool) -> None:
    """After a pass wrote the followed tensor ``key``'s gradient: what replaced
    it comes from this pass, and from earlier ones where it added to theirs."""
    now = _getattr(_S, "replaced_now", {})
    earlier = _S.grad_replaced.get(key, {}) if added else {}
    _S.grad_replaced[key] = {cls: earlier.get(cls, 0) + now.get(cls, 0) for cls in KEYS}


def report() -> dict:
    """class -> replacements in the whole run, for the ``observed`` record."""
    found = _getattr(_S, "replaced", {})
    return {cls: int(found.get(cls, 0)) for cls in KEYS}


def grad_report(names, namespace, from_a_pass) -> dict:
    """tensor name -> class -> replacements in the passes its gradient came from (or, where it holds no
    pass's gradient, an ``autograd.grad`` result assigned: in any call outside a backward pass).
    ``from_a_pass(tensor)``: whether its .grad is what a pass left (observe_grads.py)."""
    out = {}
    for name in list(names)[:MAX_GIVEN]:
        tensor = namespace.get(name) if namespace is not None else None
        if not _isinstance(tensor, _Tensor):
            continue
        found = _S.grad_replaced.get(id(tensor), {}) if from_a_pass(tensor) else _S.replaced_outside
        out[name] = {cls: int(found.get(cls, 0)) for cls in KEYS}
    return out
