"""The comparisons a check makes inside the run, answered by torch's own kernels only.

NOTE [a comparison no kernel of the code's answers]: round 42's attacker answered the comparisons a check
makes inside the run (gradcheck's `torch.allclose` of the two Jacobians, a value check's own
`torch.allclose(...)`) with a kernel of its own that was on only while the check ran: a python kernel for
`aten.allclose` behind torch's python dispatcher, turned on by its Function's `forward` and off by a later one;
a torch function mode pushed from a finalizer as the check's `autograd.grad` returned, and popped once the
comparison had returned True. Neither leaves anything that a version or a stack read after the check can see,
and torch has more ways to turn the python dispatcher on than any watch of them could count (a guard class
found by `type()` of one made, a dispatch key set by hand). What they all need is to be on as the comparison
runs: ``torch.allclose`` is wrapped (the zygote, once; pristine keeps and puts back the wrapper), and a call
made while the python dispatcher is on, or while a mode not of torch's classes is on either stack, counts on
NOTE [a mode pushed within a check]'s count (modecount.py), which readfirst reads before and after each
check that runs the code's functions: the check is void. A learner's own comparison counts too, and nothing
reads the count then: the code's own run is never judged by it.
"""

from __future__ import annotations

import torch

from tutor.grade.modecount import note_push, torchs
from tutor.grade.observe_kernels import _incref, python_dispatcher_on

_INSTALLED: list = []


def kernels_may_answer(_python=python_dispatcher_on, _torchs=torchs, _range=range,
                       _functions=torch._C._len_torch_function_stack, _function_at=torch._C._get_function_stack_at,
                       _dispatches=torch._C._len_torch_dispatch_stack,
                       _dispatch_at=torch._C._get_dispatch_stack_at) -> bool:
    """An op called now could run a kernel of the code's: the python dispatcher is on, or a mode on the
    function or the dispatch stack is not of torch's classes as the zygote sealed them (or cannot be read)."""
    try:
        if _python():
            return True
        for i in _range(_functions()):
            if not _torchs(_function_at(i), 1):
                return True
        for i in _range(_dispatches()):
            if not _torchs(_dispatch_at(i), 0):
                return True
    except Exception:  # noqa: BLE001 - a state that cannot be read is not torch's plain one
        return True
    return False


def _guarded(original):
    def allclose(*args, _original=original, _may=kernels_may_answer, _note=note_push, **kwargs):
        if _may():
            _note()  # NOTE [a mark no run can reach] (modecount.py): this frame holds no mark
        return _original(*args, **kwargs)

    allclose.__name__ = allclose.__qualname__ = "allclose"
    allclose.__doc__ = original.__doc__
    allclose.__module__ = "torch"
    _incref(allclose)
    return allclose


def install() -> None:
    """``torch.allclose`` guarded (the zygote, once, before pristine's snapshot)."""
    if _INSTALLED:
        return
    _INSTALLED.append(True)
    torch.allclose = _guarded(torch.allclose)
