"""Hooks that replaced a gradient during a backward pass.

NOTE [a hook that replaced a gradient]
A hook's return value (or what it writes into the gradient it is given)
becomes the gradient autograd carries on. `x.register_hook(lambda g: a +
x.exp())`, a formula worked out by hand, put the right numbers in `x.grad`
through a pass that started at the loss: `from_backward`, `backward_from`
and the `calls` counts all passed (two-paths-add-up, linear-gradients,
freeze-the-first-layer and six more, found by probing the verdicts).

For runs whose checks ask where a gradient came from (a `grad` check's
`from_backward`, a `value` check's `from_autograd`), each hook the code
registers runs wrapped: the gradients it is given are copied first, and
when it returns other numbers, or leaves other numbers in what it was
given, the run notes a replacement, as "leaf" (a hook on a leaf tensor, a
post-accumulate hook) or "other". The checks fail a replacement of a class
the reference's run made none of: clip-with-a-hook's clamp on `y` allows
hooks that change `y`'s gradient, not hooks that write `x`'s. A hook that
returns what it was given (`g`, `g.clone()`, `g * 1`), or None, replaces
nothing. Self-reported, as every record is (docs/grading.md).
"""

from __future__ import annotations

from tutor.grade.observe_state import _S, _Tensor, _allclose, _clone, _copy_names, _detach, _getattr, _isinstance, _len

CLASSES = ("leaf", "other")
MAX_GIVEN = 64  # gradients compared per hook call


def begin(config: dict) -> None:
    _S.replaced = {}
    _S.watch_replaced = bool(config.get("grads") or config.get("autograd_values"))


def watch(args: tuple, kwargs: dict, at: int, kind: str, api_at: int) -> tuple[tuple, dict]:
    """A registration's arguments with the hook in them wrapped (``at``: where
    the hook is; ``api_at`` -1: a post-accumulate hook, handed the tensor)."""
    target = args[0] if args and at > 0 else None
    if _len(args) > at:
        args = (*args[:at], _wrap(args[at], target, kind, api_at), *args[at + 1:])
    for name in ("hook", "fn"):
        if name in kwargs:
            kwargs = {**kwargs, name: _wrap(kwargs[name], target, kind, api_at)}
    return args, kwargs


def _wrap(hook, target, kind: str, api_at: int):
    """The code's ``hook``, registered on ``target`` (a tensor, a module, a
    node's hook dict), run so that a replacement is noted."""
    if not callable(hook):
        return hook
    leaf = kind == "tensor" and _isinstance(target, _Tensor) and bool(_getattr(target, "is_leaf", False))
    post_accumulate = api_at == -1  # register_post_accumulate_grad_hook: the hook gets the tensor

    def watched(*args, **kwargs):
        given = _given(args, post_accumulate)
        before = [None if g is None else _clone(_detach(g)) for g in given]
        out = hook(*args, **kwargs)
        try:
            now = _given(args, post_accumulate)
            returned = out if out is not None else None
            if _changed(before, now, returned):
                cls = "leaf" if leaf or post_accumulate else "other"
                _S.replaced[cls] = _S.replaced.get(cls, 0) + 1
        except Exception:  # noting is optional; the hook's answer is what autograd gets
            pass
        return out

    _copy_names(watched, hook)
    return watched


def _given(args, post_accumulate: bool) -> list:
    """The gradients a hook was handed: a tensor hook's one, a node's or a
    module's first tuple of them, a post-accumulate hook's tensor's .grad."""
    if post_accumulate:
        return [_getattr(args[0], "grad", None)] if args else []
    for value in args[:3]:
        if _isinstance(value, _Tensor):
            return [value]
        if _isinstance(value, (list, tuple)):
            return [v if _isinstance(v, _Tensor) else None for v in value[:MAX_GIVEN]]
    return []


def _changed(before: list, now: list, returned) -> bool:
    if returned is not None:
        replacement = [returned] if _isinstance(returned, _Tensor) else \
            list(returned)[:MAX_GIVEN] if _isinstance(returned, (list, tuple)) else None
        if replacement is not None:
            return _differ(before, replacement)
    return _differ(before, now)


def _differ(before: list, after: list) -> bool:
    if _len(before) != _len(after):
        return True
    for b, a in zip(before, after):
        if b is None or a is None or not _isinstance(a, _Tensor):
            if (b is None) != (a is None):
                return True
            continue
        try:
            if list(a.shape) != list(b.shape) or not bool(_allclose(_detach(a), b, rtol=0.0, atol=0.0,
                                                                     equal_nan=True)):
                return True
        except Exception:
            return True
    return False


def report() -> dict:
    """class -> replacements, for the ``observed`` record."""
    found = _getattr(_S, "replaced", {})
    return {cls: int(found.get(cls, 0)) for cls in CLASSES}
