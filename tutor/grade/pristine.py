"""Undo what submitted code did to the interpreter before the probes read
its results (in the probe process, after the code has finished).

Submitted code runs in the same interpreter as the probes, so it can
monkeypatch torch (``torch.allclose = ...``, ``torch.Tensor._version = ...``),
the builtins (``builtins.isinstance = ...``) or the grader's own modules, and
leave tracers, profilers, gc callbacks and torch function modes behind. The
probe process puts the attributes of these modules and classes back as they
were when the run started, and removes those hooks. What it cannot undo (a
rewrite of memory through ctypes) is listed as self-reported evidence in
docs/grading.md.
"""

from __future__ import annotations

import builtins
import gc
import signal
import sys
import threading

_saved: list[tuple[object, dict]] = []
_modules: dict[str, object] = {}


def _targets() -> list:
    import torch
    import torch.autograd
    import torch.autograd.graph
    import torch.func
    import torch.nn
    import torch.nn.functional
    import torch.utils.hooks

    # The grader's own modules too: a run that rewrites tutor.grade.probes
    # finds it put back before the probes run.
    ours = [module for name, module in sorted(sys.modules.items())
            if (name == "tutor" or name.startswith("tutor.")) and module is not None]
    return ours + [builtins, torch, torch.autograd, torch.autograd.graph, torch.func, torch.nn, torch.nn.functional,
            torch.nn.Module, torch.nn.Parameter, torch.Tensor, torch._C.TensorBase, torch.autograd.Function,
            torch.utils.hooks, torch.Size, torch.dtype, torch.device]


def taken() -> bool:
    return bool(_saved)


def snapshot() -> None:
    """Before the code runs: remember every attribute of the targets, and
    which of the grader's own modules are loaded."""
    _saved.clear()
    _builtins_at_start.clear()
    _builtins_at_start.update({k: v for k, v in vars(builtins).items() if not k.startswith("__")})
    for target in _targets():
        attributes = dict(vars(target))
        if getattr(target, "__name__", "").startswith("tutor"):
            # Our modules' state (counters, caches) may change while the code
            # runs, legitimately: only their functions and classes go back.
            # (Immutable tables, such as child.py's probe readers, go back too.)
            attributes = {k: v for k, v in attributes.items()
                          if callable(v) or type(v).__name__ == "module" or type(v) in (tuple, frozenset)}
        _saved.append((target, attributes))
    _modules.clear()
    _modules.update({name: module for name, module in sys.modules.items()
                     if name == "tutor" or name.startswith("tutor.")})


def check_names() -> dict:
    """What a pack's check expression sees besides the learner's names: the
    builtins, torch, nn and F as they were when the run started."""
    import torch

    names = dict(_builtins_at_start) if _builtins_at_start else dict(vars(builtins))
    names.update({"__builtins__": builtins, "torch": torch, "nn": torch.nn, "F": torch.nn.functional})
    return names


_builtins_at_start: dict = {}


def restore() -> None:
    """In the probe process: the targets as they were, hooks gone."""
    sys.settrace(None)
    sys.setprofile(None)
    threading.settrace(None)  # type: ignore[arg-type]
    threading.setprofile(None)  # type: ignore[arg-type]
    gc.callbacks.clear()
    for sig in (signal.SIGALRM, signal.SIGVTALRM, signal.SIGPROF, signal.SIGTERM, signal.SIGINT, signal.SIGUSR1,
                signal.SIGUSR2, signal.SIGCHLD, signal.SIGPIPE, signal.SIGHUP):
        try:
            signal.signal(sig, signal.SIG_DFL)
        except (OSError, ValueError):
            pass
    signal.setitimer(signal.ITIMER_REAL, 0)
    for target, attributes in _saved:
        _put_back(target, attributes)
    sys.modules.update(_modules)
    _leave_torch_modes()


def _put_back(target: object, attributes: dict) -> None:
    current = vars(target)
    setter = type.__setattr__ if isinstance(target, type) else object.__setattr__
    deleter = type.__delattr__ if isinstance(target, type) else object.__delattr__
    added = [n for n in current if n not in attributes]
    if getattr(target, "__name__", "").startswith("tutor"):
        added = [n for n in added if callable(current[n]) or type(current[n]) in (tuple, frozenset)]
    if not isinstance(target, type):
        # Submodules imported while the code ran are attributes of their
        # package too, and the probes may need them.
        added = [n for n in added if type(current[n]).__name__ != "module"]
    for name in added:
        try:
            deleter(target, name)
        except (AttributeError, TypeError):
            pass
    for name, value in attributes.items():
        if current.get(name, _MISSING) is not value:
            try:
                setter(target, name, value)
            except (AttributeError, TypeError):
                pass


_MISSING = object()


def _leave_torch_modes() -> None:
    """Torch function and dispatch modes a submission entered and never left
    would see (and could rewrite) every operation the probes make."""
    import torch

    C = torch._C
    try:
        while C._len_torch_function_stack() > 0:
            C._pop_torch_function_stack()
    except (AttributeError, RuntimeError):
        pass
    try:
        while C._len_torch_dispatch_stack() > 0:
            C._pop_torch_dispatch_stack()
    except (AttributeError, RuntimeError):
        pass
    torch.set_grad_enabled(True)
