"""What a torch.func transform (or torch.autograd.functional) returned that
is a derivative, for NOTE [values autograd returned] (observe_calls.py
notes it).
"""

from __future__ import annotations

from types import FunctionType as _FunctionType

from tutor.grade.observe_state import _isinstance, _len, _type

# NOTE [values autograd returned]: only a transform's derivatives are autograd's values; the function's
# own value beside them (vjp's and jvp's first result, grad_and_value's second) and what it returned
# `has_aux` are the code's own numbers (round 28's probe returned a Hessian by hand so)
_VALUE_FIRST = frozenset({"func.jvp", "autograd.functional.vjp", "autograd.functional.jvp",
                          "autograd.functional.hvp", "autograd.functional.vhp"})


def derivatives(api: str, result):
    """What a call of ``api`` returned that is a derivative."""
    if api in ("func.vjp", "func.linearize"):
        return ()  # the value, and a function: its results are noted as it is called
    if api in _VALUE_FIRST:
        return result[1] if _isinstance(result, tuple) and _len(result) > 1 else ()
    return result


def has_aux(api: str, args, kwargs) -> bool:
    """The transform was asked for `has_aux` (grad's, grad_and_value's and jacfwd's third place), or is a
    vmap of a transformed function whose first result alone is a derivative (round 28's second probe)."""
    if api == "func.vmap":
        fn = args[0] if args else kwargs.get("func")
        return _type(fn) is _FunctionType and fn.__dict__.get("_agt_first_only") is True
    aux = kwargs.get("has_aux")
    if aux is None and api in ("func.grad", "func.grad_and_value", "func.jacfwd") and _len(args) > 2:
        aux = args[2]
    try:
        return bool(aux)  # as torch reads it: `has_aux=1` asks too (round 28's third probe)
    except Exception:  # noqa: BLE001 - torch will refuse it too
        return False
