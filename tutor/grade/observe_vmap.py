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

So: a vmapped function's result counts as a transform's only where something differentiated while it
ran (a gradient transform's function, a ``vjp`` pullback, a ``jvp``, ``linearize``'s jvp function, a
vmapped function whose result counts); ``functional_call``'s never counts. Such a vmapped function, or
a vmapped function run inside a gradient transform, counts as ``func.grad_with_vmap`` for ``calls``
checks. Asking that every tensor the function returned be the very object a differentiation made (a
later form) failed honest answers that return ``(grad, loss)``, ``-grad``, ``grad.detach()`` or
``grad.reshape(...)``, and still passed a formula written into a token gradient (``g.copy_(...)``) or
carried by the tangent of an identity's ``jvp``: a vmapped function that returns a formula beside a
differentiation it made is a known false pass (``gap_`` files). Self-reported evidence, like
everything the observers record (docs/grading.md).
"""

from __future__ import annotations

from tutor.grade.observe_state import _S, _isinstance, _len, record_call

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
        _S.vmap_frames.append(False)  # did anything differentiate while it ran?
    _S.in_vmap += vmapped
    _S.in_gradient += gradient
    return vmapped, gradient


def leave(entered: tuple, result) -> bool:
    """The function ended (``result``, or FAILED): whether its result may count as a transform's."""
    vmapped, gradient = entered
    _S.in_vmap -= vmapped
    _S.in_gradient -= gradient
    if vmapped:
        differentiated = _S.vmap_frames.pop()
        if not differentiated or result is FAILED:
            return False
        record_call(RECORDED[0], None, False)
    if (vmapped or gradient) and result is not FAILED:
        differentiated_here()
    return True


def differentiated_here() -> None:
    """Something differentiated: in the innermost vmapped function running, if any."""
    if _S.vmap_frames:
        _S.vmap_frames[-1] = True


def after_call(api: str, result, wrap):
    """After an observed call: a ``vjp``'s pullback and ``linearize``'s jvp function are watched like a
    transform's function (``wrap``: observe_calls'), and a ``jvp`` differentiated."""
    if not _isinstance(result, tuple) or _len(result) < 2:
        return result
    if api in ("func.vjp", "func.linearize") and callable(result[1]):
        return (result[0], wrap(result[1], api), *result[2:])
    if api == "func.jvp":
        differentiated_here()
    return result

