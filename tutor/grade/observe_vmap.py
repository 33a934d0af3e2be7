"""Differentiation and ``vmap``, one inside the other.

NOTE [a gradient with vmap]: ``vmap`` and ``functional_call`` differentiate nothing, yet what they
returned counted as a transform's result (NOTE [values autograd returned]): a formula by hand passed
through ``vmap(lambda t: t)`` or ``functional_call(nn.Identity(), ...)`` satisfied ``from_autograd`` and
``from_backward`` checks on eight exercises beside a dropped ``grad`` call; so did a formula returned by
a vmapped function that differentiated something else on the way (a token ``grad(f)(x)``, ``jvp``,
``vjp``). And ``vmap(grad(loss_fn))`` is the per-sample gradient (so is ``jacrev`` of a vmapped loss),
where a formula by hand under ``vmap`` beside a ``grad(loss_fn)`` applied to one sample passed a count
of transforms, and a second ``grad`` that checks one row failed it (per-sample-gradients). All found
by probing the verdicts.

So: a vmapped function's result counts as a transform's only where every tensor the function returned
is one a differentiation made while it ran (a gradient transform's function, a ``vjp`` pullback, a
``jvp`` or ``linearize``'s tangent, a vmapped function's result that counts), the very object;
``functional_call``'s never counts. Such a vmapped function, or a vmapped function run inside a
gradient transform, counts as ``func.grad_with_vmap`` for ``calls`` checks. What a differentiation made
is kept until its vmapped function ends, so that no other tensor takes its ``id``. Self-reported
evidence, like everything the observers record (docs/grading.md).
"""

from __future__ import annotations

from tutor.grade.observe_state import _S, _Tensor, _copy_names, _isinstance, _len, record_call

# transforms whose function returns derivatives (a vjp's pullback, linearize's jvp function too)
GRADIENT_TRANSFORMS = frozenset({"func.grad", "func.grad_and_value", "func.jacrev", "func.jacfwd", "func.hessian",
                                 "func.vjp", "func.linearize"})
RECORDED = ("func.grad_with_vmap",)  # a `calls` check's API that no single call is
FAILED = object()  # a transformed function that raised: no result


def enter(api: str) -> tuple:
    """A transformed function of ``api`` starts: what ``leave`` needs."""
    vmapped, gradient = api == "func.vmap", api in GRADIENT_TRANSFORMS
    if vmapped:
        if _S.in_gradient:  # `jacrev` of a vmapped loss
            record_call(RECORDED[0], None, False)
        _S.vmap_frames.append([[], None])  # what differentiations made in it; did it return only those?
    _S.in_vmap += vmapped
    _S.in_gradient += gradient
    return vmapped, gradient


def leave(entered: tuple, result) -> bool:
    """The function ended (``result``, or FAILED): whether its result may count as a transform's."""
    vmapped, gradient = entered
    _S.in_vmap -= vmapped
    _S.in_gradient -= gradient
    if vmapped:
        _made, returned = _S.vmap_frames.pop()
        if returned is not True or result is FAILED:
            return False
        record_call(RECORDED[0], None, False)
    if (vmapped or gradient) and result is not FAILED:
        made(result)
    return True


def made(result) -> None:
    """``result`` is what a differentiation made: in the innermost vmapped function running, if any."""
    if _S.vmap_frames:
        _S.vmap_frames[-1][0].extend(_tensors(result))


def _tensors(value, depth: int = 0) -> list:
    if _isinstance(value, _Tensor):
        return [value]
    if depth < 2 and _isinstance(value, (tuple, list)):
        return [t for item in value[:64] for t in _tensors(item, depth + 1)]
    if depth < 2 and _isinstance(value, dict):
        return [t for item in list(value.values())[:64] for t in _tensors(item, depth + 1)]
    return []


def before_call(api: str, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
    """Before an observed call: the function given to ``vmap`` is watched for what it returns."""
    if api == "func.vmap":
        if args and callable(args[0]):
            args = (_watched(args[0]), *args[1:])
        elif callable(kwargs.get("func")):
            kwargs = {**kwargs, "func": _watched(kwargs["func"])}
    return args, kwargs


def after_call(api: str, result, wrap):
    """After an observed call: a ``vjp``'s pullback and ``linearize``'s jvp function are watched like a
    transform's function (``wrap``: observe_calls'), and inside a vmapped function a ``jvp``'s tangent
    is a derivative it made."""
    if not _isinstance(result, tuple) or _len(result) < 2:
        return result
    if api in ("func.vjp", "func.linearize") and callable(result[1]):
        return (result[0], wrap(result[1], api), *result[2:])
    if api == "func.jvp":
        made(result[1])
    return result


def _watched(fn):
    def vmapped(*args, **kwargs):
        out = fn(*args, **kwargs)
        if _S.vmap_frames:
            frame = _S.vmap_frames[-1]
            found = _tensors(out)
            only = bool(found) and all(any(t is m for m in frame[0]) for t in found)
            frame[1] = only if frame[1] is None else frame[1] and only  # vmap may call it per chunk
        return out

    _copy_names(vmapped, fn)
    return vmapped
