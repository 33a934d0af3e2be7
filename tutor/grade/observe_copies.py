"""Copies of what ``torch.autograd.grad`` (or a transform) returned count as
what it returned: ``x.grad = g.clone()``, ``x.grad.copy_(g)``,
``copy.deepcopy(g)`` and a cast there and back (``g.double().float()``,
``g.to(torch.float64)``) leave the same gradient as ``x.grad = g`` does, in
memory of their own (NOTE [gradients a backward pass left], observe_grads.py:
``_shares`` alone would call them written by hand)."""

from __future__ import annotations

from tutor.grade.observe_grads import _note, _shares, keep
from tutor.grade.observe_state import _S, _Tensor, _copy_names, _isinstance


def _note_copy(source_tensor, copy) -> None:
    """``copy`` now holds ``source_tensor``'s values: noted as the result ``source_tensor`` is, if it is one."""
    if not (_S.on and (_S.grad_names or _S.value_names) and _isinstance(copy, _Tensor)
            and _isinstance(source_tensor, _Tensor)):
        return
    try:
        for notes in (_S.grad_results, _S.func_results):
            source = next((n for n in notes if _shares(source_tensor, n[0])), None)
            if source is not None:
                note = _note(copy, _S.grad_results_budget)
                if note[2] is not None:
                    keep(notes, (*note, *source[3:]))
                break
    except Exception:
        pass


def wrap_clone(original):
    """``Tensor.clone`` / ``torch.clone`` / ``Tensor.__deepcopy__``, and the casts
    (``Tensor.to``, ``.float``, ``.double``: a new tensor only where the dtype changes), observed."""
    def clone(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        if result is not self:
            _note_copy(self, result)
        return result
    _copy_names(clone, original)  # `func.__name__` in a __torch_function__ of the code's reads "float", not "clone"
    return clone


def wrap_copy_(original):
    """``Tensor.copy_``, observed: the destination holds the source's values."""
    def copy_(self, src, *args, **kwargs):
        result = original(self, src, *args, **kwargs)
        _note_copy(src, self)
        return result
    _copy_names(copy_, original)
    return copy_
