"""Reverse passes that a ``__torch_function__`` answered itself.

NOTE [a call answered by __torch_function__]: ``torch.autograd.grad`` and
``backward`` hand themselves to a ``TorchFunctionMode`` (or to a Tensor
subclass's ``__torch_function__``) before they do anything; the mode may
call them for real (a mode that logs every call: honest, and in the corpus)
or answer with whatever it likes: numbers by hand returned as the results of
`torch.autograd.grad(loss, [h, W])` passed grad-without-dot-grad (round 28's
probe). Where torch hands such a call over, the run asks whether autograd's
engine ran inside it, and whether each tensor it returned is one the engine
returned: the same memory (a subclass's ``__torch_function__`` hands back a
new object on it), holding the numbers the engine left there (or None, or
zeros: ``materialize_grads``). Where not, the answer is the code's own, as a
dispatch of its own is (NOTE [a dispatch of the code's own],
observe_dispatch.py): the checks that ask where a pass started fail.
"""

from __future__ import annotations

import torch
import torch._tensor as _T
import torch.autograd as _A

from tutor.grade.observe_state import _S, _Tensor, _getattr, _isinstance, _len, _list, _tuple, _dict

_Base = torch._C.TensorBase
_any_nonzero, _clone, _detach, _allclose = _Base.any, _Base.clone, _Base.detach, torch.allclose
_data_ptr, _stride, _shape, _dtype = _Base.data_ptr, _Base.stride, _Base.shape.__get__, _Base.dtype.__get__
_no_torch_function = torch._C.DisableTorchFunction
MOST = 256  # tensors of the engine's results kept per run


class _Engine:
    runs = 0
    watching = 0  # handed-over calls under way
    returned: list = []  # the tensors the engine returned while one ran, each with a copy


def _engine(run):
    def observed(*args, **kwargs):
        result = run(*args, **kwargs)
        _Engine.runs += 1
        if _Engine.watching and _isinstance(result, _tuple) and _len(_Engine.returned) < MOST:
            with _no_torch_function():
                for item in result[:MOST]:
                    if _isinstance(item, _Tensor):
                        _Engine.returned.append((item, _clone(_detach(item))))
        return result
    return observed


def _answered(handle):
    def observed(public_api, relevant_args, *args, **kwargs):
        name = _getattr(public_api, "__name__", "")
        if not _S.on or name not in ("grad", "backward"):
            return handle(public_api, relevant_args, *args, **kwargs)
        runs, returned = _Engine.runs, _Engine.returned
        _Engine.returned = []
        _Engine.watching += 1
        try:
            result = handle(public_api, relevant_args, *args, **kwargs)
            batched = kwargs.get("is_grads_batched")  # results made by vmap, not the engine
            if _Engine.runs == runs or (name == "grad" and not batched and not _engine_made(result)):
                _S.own_dispatch = True
            return result
        finally:
            _Engine.watching -= 1
            _Engine.returned = returned + _Engine.returned if _Engine.watching else []
    return observed


def _engine_made(result) -> bool:
    items = _list(result.values()) if _isinstance(result, _dict) else \
        _list(result) if _isinstance(result, (_tuple, _list)) else [result]
    with _no_torch_function():
        for item in items[:MOST]:
            if item is None:
                continue
            try:
                if _isinstance(item, _Tensor) and (_the_engines(item) or not bool(_any_nonzero(item))):
                    continue  # the engine's, or materialize_grads' zeros
            except Exception:  # noqa: BLE001 - unreadable: not the engine's
                pass
            return False
    return True


def _the_engines(item) -> bool:
    """``item`` is on the memory of a tensor the engine returned, and holds what the engine left there."""
    for tensor, copy in _Engine.returned:
        if item is tensor or (_data_ptr(item) == _data_ptr(tensor) and _shape(item) == _shape(tensor)
                              and _stride(item) == _stride(tensor) and _dtype(item) == _dtype(tensor)):
            return bool(_allclose(_detach(item), copy, rtol=0.0, atol=0.0, equal_nan=True))
    return False


def install() -> None:
    """The engine's entry and torch's hand-over to ``__torch_function__``, in the modules of the two
    reverse passes (the zygote, once)."""
    run = _getattr(_A, "_engine_run_backward", None)
    if run is not None:
        _A._engine_run_backward = _engine(run)
    for module in (_A, _T):
        handle = _getattr(module, "handle_torch_function", None)
        if handle is not None:
            module.handle_torch_function = _answered(handle)
