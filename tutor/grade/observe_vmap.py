"""Differentiation and ``vmap``, one inside the other.

NOTE [a gradient with vmap]: ``vmap`` and ``functional_call`` differentiate nothing, yet what they
returned counted as a transform's result (NOTE [values autograd returned]): a formula by hand passed
through ``vmap(lambda t: t)`` or ``functional_call(nn.Identity(), ...)`` satisfied ``from_autograd`` and
``from_backward`` checks on eight exercises beside a dropped ``grad`` call. And ``vmap(grad(loss_fn))``
is the per-sample gradient (so is ``jacrev`` of a vmapped loss), where a formula by hand under ``vmap``
beside a ``grad(loss_fn)`` applied to one sample passed a count of transforms, and a second ``grad`` that
checks one row failed it (per-sample-gradients). All found by probing the verdicts.

So: a vmapped function's result counts as a transform's only where something differentiated while it
ran (a gradient transform's function, ``vjp``, ``jvp``, ``linearize``, ``autograd.grad``,
``autograd.functional``); ``functional_call``'s never does. A gradient transform's function run inside a
vmapped one, or one inside the other, counts as ``func.grad_with_vmap`` for ``calls`` checks.
Self-reported evidence, like everything the observers record (docs/grading.md).
"""

from __future__ import annotations

from tutor.grade.observe_state import _S, record_call

GRADIENT_TRANSFORMS = frozenset({"func.grad", "func.grad_and_value", "func.jacrev", "func.jacfwd", "func.hessian",
                                 "func.vjp"})
RECORDED = ("func.grad_with_vmap",)  # a `calls` check's API that no single call is
# calls that differentiate where they are called (not transforms that return a function)
DIFFERENTIATING = frozenset({"func.vjp", "func.jvp", "func.linearize", "autograd.grad", "backward"})


def enter(api: str) -> tuple:
    """A transformed function of ``api`` starts: what ``leave`` needs."""
    vmapped, gradient = api == "func.vmap", api in GRADIENT_TRANSFORMS
    if gradient or vmapped:
        if (gradient and _S.in_vmap) or (vmapped and _S.in_gradient):
            record_call(RECORDED[0], None, False)
        if gradient:
            _S.differentiated += 1
    _S.in_vmap += vmapped
    _S.in_gradient += gradient
    return vmapped, gradient, _S.differentiated


def leave(entered: tuple) -> bool:
    """The function ended: whether its result may count as a transform's (for a vmapped function: did
    anything differentiate while it ran?)."""
    vmapped, gradient, before = entered
    _S.in_vmap -= vmapped
    _S.in_gradient -= gradient
    return not vmapped or _S.differentiated > before


def called(api: str) -> None:
    """An observed API was called: one that differentiates counts for the vmapped functions running."""
    if api in DIFFERENTIATING or api.startswith("autograd.functional."):
        _S.differentiated += 1
