"""A learner's own test of finite or close values records no graph.

NOTE [a test that records nothing]: `torch.isfinite`, `torch.isclose` (and
`torch.testing.assert_close`, which calls it) on a tensor that requires grad
make autograd nodes of their own in torch 2.13 (an `abs`, a `sub`, ...) on
the way to a result of booleans, which needs no gradient. Round 47's learners
asserted that a loss was finite, or that `out` was unchanged, and failed
footprint checks ("h computed once": 6 nodes where 4 are allowed; "out comes
from the checkpointed block": 32 bytes saved). Each runs with recording off
(the zygote wraps them once; pristine keeps the wrappers): its answer is the
same, and whatever runs inside it can build no graph.
"""

from __future__ import annotations

import torch

_is_grad_enabled, _set_grad_enabled = torch.is_grad_enabled, torch._C._set_grad_enabled


def _unrecorded(test):
    def tested(*args, **kwargs):
        enabled = _is_grad_enabled()
        if not enabled:
            return test(*args, **kwargs)
        _set_grad_enabled(False)
        try:
            return test(*args, **kwargs)
        finally:
            _set_grad_enabled(True)

    tested.__name__, tested.__qualname__, tested.__doc__ = test.__name__, test.__qualname__, test.__doc__
    return tested


def install() -> None:
    """The zygote, once, before pristine's snapshot (compare_guard.install)."""
    for owner in (torch, torch.Tensor):
        for name in ("isfinite", "isclose"):
            test = getattr(owner, name, None)
            if test is not None:
                setattr(owner, name, _unrecorded(test))
