"""A pass whose seed goes straight into a followed tensor's gradient.

NOTE [a seed copied in]
`x.backward(gradient=g)` on the leaf itself does no differentiation: `g` is
copied into `x.grad`. So does a pass from a view, a copy or a scalar multiple
of `x` (`x.view_as(x)`, `x.clone()`, `x + 0`, `x * 2`), and a pass from
`(x * g).sum()`, `torch.autograd.grad(x, x, g)` too: numbers worked out by
hand, put in as a gradient (found by probing the verdicts:
vector-jacobian-product, checkpoint-the-block, data-or-detach). A root that
reaches the tensor through a chain of such ops, each with one input that
needs a gradient and products with a number only, leaves a gradient written
by hand (observe_grads.mark; an `autograd.grad` result of one is not
noted). A product with a tensor (`(x * g).sum()`) is a loss linear in `x`,
as tests and exercises write them: it still counts as a pass (a `gap_`
file). The chain is read before the pass, while the product's saved operand
says whether it is a number.
"""

from __future__ import annotations

from tutor.grade.observe_state import _S, _Tensor, _TensorBase, _getattr, _isinstance, _len, _type

_grad_fn = _TensorBase.grad_fn.__get__
MAX_CHAIN = 16
# Ops that hand the seed on with at most a constant factor: views, copies, reductions, casts, arithmetic
# with a constant.
_COPYING = ("SumBackward", "MeanBackward", "ViewBackward", "ReshapeAliasBackward", "UnsafeViewBackward",
            "UnsqueezeBackward", "SqueezeBackward", "ExpandBackward", "CloneBackward", "AliasBackward",
            "PermuteBackward", "TransposeBackward", "TBackward", "ToCopyBackward", "AddBackward", "SubBackward",
            "MulBackward", "DivBackward", "NegBackward")
_PRODUCTS = ("MulBackward", "DivBackward")  # ... by a number only: `x * g` is a loss linear in x


def before_pass(api: str, args: tuple, kwargs: dict, roots: tuple) -> None:
    """Before a reverse pass from ``roots``: the ids of the followed tensors (and of an ``autograd.grad``
    call's inputs) its seed goes straight into (``_S.seeded_now``)."""
    _S.seeded_now = set()
    if not roots:
        return
    try:
        wanted = list(_S.grad_followed.values())
        if api == "autograd.grad":
            inputs = args[1] if _len(args) > 1 else kwargs.get("inputs")
            wanted += list(inputs) if _isinstance(inputs, (list, tuple)) else [inputs]
        for tensor in wanted[:64]:
            if _isinstance(tensor, _Tensor) and any(seeded_on(root, tensor) for root in roots):
                _S.seeded_now.add(id(tensor))
    except Exception:
        pass


def seeded_on(root, tensor) -> bool:
    """``root`` is ``tensor``, or reaches it through a chain of views, copies and arithmetic with one input
    that needs a gradient (see the NOTE above). Never raises."""
    try:
        if root is tensor:
            return True
        if not _isinstance(root, _Tensor) or not _isinstance(tensor, _Tensor):
            return False
        target, fn = _grad_fn(tensor), _grad_fn(root)
        for _ in range(MAX_CHAIN):
            if fn is None:
                return False
            if (target is not None and fn is target) or _getattr(fn, "variable", None) is tensor:
                return True
            inputs = [c for c, _ in fn.next_functions if c is not None]
            name = _type(fn).__name__
            if _len(inputs) != 1 or not name.startswith(_COPYING):
                return False
            if name.startswith(_PRODUCTS) and not _by_a_number(fn):
                return False
            fn = inputs[0]
    except Exception:
        pass
    return False


def _by_a_number(fn) -> bool:
    """A product's (or quotient's) other operand is a number (saved as a 0-d tensor, or not a tensor)."""
    for attr in ("_saved_other", "_saved_self"):
        try:
            value = _getattr(fn, attr)
        except Exception:
            return False  # freed, or unreadable: not known to be a number
        if _isinstance(value, _Tensor) and value.dim() > 0:
            return False
    return True
