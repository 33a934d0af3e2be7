"""Where a reverse pass started, for ``grad`` checks with ``backward_from``
(observe_calls.py notes each outermost pass's roots; observe_grads.mark
keeps them with the gradients the pass left)."""

from __future__ import annotations

from tutor.grade.observe_grads import MAX_NAMES, _MISSING, _get_grad, _holds, _holds_note, _shares
from tutor.grade.observe_state import _S, _Tensor, _getattr, _isinstance


def roots_of(args, kwargs, api: str) -> tuple:
    """(the tensors a reverse pass starts at, the asked names bound to one of them as it starts): ``loss``
    of ``loss.backward()``, the ``tensors`` of ``torch.autograd.backward``, the ``outputs`` of
    ``torch.autograd.grad`` (one, or a sequence)."""
    key = "outputs" if api == "autograd.grad" else "tensors"
    first = args[0] if args else kwargs.get(key)
    items = first if _isinstance(first, (tuple, list)) else (first,)
    tensors = tuple(t for t in items[:MAX_NAMES] if _isinstance(t, _Tensor))
    namespace = _S.grad_namespace if _S.grad_namespace is not None else _S.value_namespace
    named = tuple(n for n in _S.grad_root_names
                  if namespace is not None and any(t is namespace.get(n, _MISSING) for t in tensors))
    return tensors, named


# NOTE [the pass that started at the loss]: `from_backward` asks that a
# backward pass left a gradient, and any pass will do. A pass from another
# tensor can carry numbers worked out by hand (`(x * gx).sum().backward()`
# leaves `gx` in `x.grad`), or come from a second graph beside a broken
# `loss` (found by probing the verdicts: fix-the-in-place-error,
# gan-discriminator-step, freeze-the-first-layer, linear-gradients passed
# so). A `grad` check with `backward_from: loss` asks the run which of the
# named tensors the pass (or `torch.autograd.grad` call) whose gradient the
# tensor holds started at, by identity with what each name is bound to when
# the code ends: `loss.backward()`, `torch.autograd.backward([loss])` and
# `torch.autograd.grad(loss, ...)` start at `loss`, and so does a pass from
# a view of it (`loss.reshape(1)`: the same memory); `loss.sum().backward()`
# does not. Passes that added to one another count together. Where the name
# ends bound to no tensor (`loss = loss.item()` after the pass), the tensor
# it was bound to as the pass started counts.
def root_provenance() -> dict:
    """tensor name -> the asked root names its gradient's pass started at (``grad_roots`` in the record)."""
    out = {}
    namespace = _getattr(_S, "grad_namespace", None)
    names = _getattr(_S, "grad_root_names", ())
    if not names or namespace is None:
        return out
    for name in _getattr(_S, "grad_names", ()):
        try:
            tensor = namespace.get(name)
            grad = _get_grad(tensor) if _isinstance(tensor, _Tensor) else None
            passes: tuple = ()  # (roots, names bound to one of them as the pass started) per pass
            if grad is not None and _S.grad_followed.get(id(tensor)) is tensor:
                if _holds(grad, _S.grad_marks.get(id(tensor))):
                    passes = _S.grad_mark_roots.get(id(tensor), ())
                for n in _S.grad_results:
                    if _holds_note(grad, n) and _shares(grad, n[0]):
                        passes += n[3]
            out[name] = [root for root in names if any(_started_at(root, namespace, p) for p in passes)]
        except Exception:
            out[name] = []
    return out


def _started_at(root: str, namespace: dict, one_pass: tuple) -> bool:
    tensors, named = one_pass
    end = namespace.get(root, _MISSING)
    if _isinstance(end, _Tensor):
        return any(_shares(t, end) for t in tensors)  # it, or a view of it (`loss.reshape(1)`)
    return root in named


def value_root_provenance() -> dict:
    """value name -> the asked root names the ``torch.autograd.grad`` call that returned its tensor (each
    tensor of a list) started at (``value_roots`` in the record)."""
    out = {}
    namespace = _getattr(_S, "value_namespace", None)
    names = _getattr(_S, "grad_root_names", ())
    if not names or namespace is None:
        return out
    for name in _getattr(_S, "value_names", ()):
        try:
            value = namespace.get(name)
            tensors = value if _isinstance(value, (list, tuple)) else [value]
            found = None
            for tensor in tensors[:4 * MAX_NAMES]:
                passes = tuple(p for n in _S.grad_results if _isinstance(tensor, _Tensor) and _holds_note(tensor, n)
                               for p in n[3])
                mine = {root for root in names if any(_started_at(root, namespace, p) for p in passes)}
                found = mine if found is None else found & mine
            out[name] = sorted(found or ())
        except Exception:
            out[name] = []
    return out
