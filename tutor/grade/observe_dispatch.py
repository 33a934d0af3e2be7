"""Whether the code under test defined a dispatch of its own.

NOTE [a dispatch of the code's own]: a Tensor subclass with a
``__torch_dispatch__`` (or a ``TorchDispatchMode``) sees every op the
autograd engine runs in a backward pass, and can answer one with numbers
worked out by hand: a wrapper of ``a`` that returns the formula for
``grad * a`` while a pass runs passed two-paths-add-up, whose `loss` was
`loss` itself, seeded with ones, on the reference's graph. Like a custom
Function's backward (NOTE [a gradient by a Function], observe_roots.py),
such a class defined by the code fails the checks that ask where a pass
started. Classes torch defines as the code uses it (torch.func's, torch
.compile's) are torch's: the class statement's own file says whose it is.
"""

from __future__ import annotations

from sys import _getframe

import torch

from tutor.grade.observe_calls import _learner_caller
from tutor.grade.observe_state import _S


def _noted(cls) -> None:
    if _S.on and _learner_caller(_getframe(2)) and "__torch_dispatch__" in vars(cls):
        _S.own_dispatch = True


def _tensor_subclass(cls, **kwargs):
    _noted(cls)
    super(torch.Tensor, cls).__init_subclass__(**kwargs)


def install() -> None:
    """Note each subclass of Tensor and of TorchDispatchMode as it is defined (the zygote, once)."""
    torch.Tensor.__init_subclass__ = classmethod(_tensor_subclass)
    try:
        from torch.utils._python_dispatch import TorchDispatchMode
    except ImportError:
        return
    original = TorchDispatchMode.__dict__.get("__init_subclass__")
    if not isinstance(original, classmethod):
        return
    inner = original.__func__

    def _mode_subclass(cls, **kwargs):
        _noted(cls)
        inner(cls, **kwargs)

    TorchDispatchMode.__init_subclass__ = classmethod(_mode_subclass)
