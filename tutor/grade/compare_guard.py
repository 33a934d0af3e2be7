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
made while the python dispatcher is on, while a mode is on either stack, or on a tensor of a subclass, counts on
NOTE [a mode pushed within a check]'s count (modecount.py), which readfirst reads before and after each
check that runs the code's functions: the check is void. A learner's own comparison counts too, and nothing
reads the count then: the code's own run is never judged by it.
"""

from __future__ import annotations

import torch

from tutor.grade import observe_predicates
from tutor.grade.modecount import note_push
from tutor.grade.observe_kernels import _incref, python_dispatcher_on
from tutor.grade.probes import is_plain_tensor

_INSTALLED: list = []


def kernels_may_answer(args: tuple, kwargs: dict, _python=python_dispatcher_on,
                       _functions=torch._C._len_torch_function_stack, _dispatches=torch._C._len_torch_dispatch_stack,
                       _plain=is_plain_tensor, _tensor=torch.Tensor, _type=type) -> bool:
    """A comparison called now could be answered by something of the code's: the python dispatcher is on, a
    mode is on either stack (round 42's third attacker: one of torch's own classes, `_CachedTorchDispatchMode`,
    answers from the cache its instance holds, which the code filled), or a tensor compared is of a subclass
    (its `__torch_dispatch__` answers `aten.allclose`: the same attacker's, as gradcheck's numerical Jacobian
    and as a gradient). None of these is so as a check compares what a correct answer left."""
    try:
        if _python() or _functions() or _dispatches():
            return True
        for value in (*args, *kwargs.values()):
            if _type(value) is not _tensor and issubclass(_type(value), _tensor) and not _plain(value):
                return True
    except Exception:  # noqa: BLE001 - a state that cannot be read is not torch's plain one
        return True
    return False


def _guarded(original):
    def allclose(*args, _original=original, _may=kernels_may_answer, _note=note_push, **kwargs):
        if _may(args, kwargs):
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
    observe_predicates.install()  # NOTE [a test that records nothing]
