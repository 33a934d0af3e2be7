"""What the code left behind that could run once it has ended: stopped, or kept out of reach.

NOTE [the code's leftovers]: round 47's attacker ran its work after the
record closed (observe.end) and before the probes read, where nothing
counted it: in a callback given to `os.register_at_fork` (the probe fork
ran it), in a `__del__` that re-armed itself until recording ended (a
collection ran it), in a `flush` put in sys.stdout's own dict (the probe
phase flushed the stream), in a SIGALRM handler on an interval timer. So,
as the code ends and before the record closes (``quiet``), collections
stop, every interval timer is disarmed, every Python signal handler goes
back to the default, and the run's streams are flushed: a flush of the
code's runs now, recorded. Before the probe fork, the interpreter's at-fork
callbacks are put back as they were when the code began (``Forkers``), and
from there on what the probe phase takes out of the code's reach (a
replaced attribute, a callback, a mode) is kept alive (``KEPT``): no
finalizer of the code's runs until the process ends. Nodes made after the
record closed, by whatever route, are the code's (observe.count_late: the
grader makes none there).
"""

from __future__ import annotations

import _signal
import gc
import os

import torch

_TIMERS = (_signal.ITIMER_REAL, _signal.ITIMER_VIRTUAL, _signal.ITIMER_PROF)
_SIGNALS = tuple(s for s in _signal.valid_signals() if s not in (_signal.SIGKILL, _signal.SIGSTOP))
KEPT: list = []  # alive until the process ends (a list item each: the record of this module stays as it was)


def quiet(streams: tuple, _disable=gc.disable, _timers=_TIMERS, _setitimer=_signal.setitimer, _signals=_SIGNALS,
          _get=_signal.getsignal, _set=_signal.signal, _default=_signal.SIG_DFL, _type=type, _int=int,
          _keep=KEPT.append, _base=BaseException) -> None:
    """As the code ends, recording still on (NOTE [the code's leftovers]). Its defaults are bound as the
    module loads: the code may have replaced what they name."""
    _disable()
    for which in _timers:
        try:
            _setitimer(which, 0)
        except (OSError, ValueError):
            pass
    for sig in _signals:
        try:
            handler = _get(sig)
            if handler is not None and _type(handler) is not _int:  # SIG_DFL and SIG_IGN read as plain ints
                _keep(handler)
                _set(sig, _default)
        except (OSError, ValueError, TypeError, RuntimeError):
            pass
    for stream in streams:  # the run's own, taken before the code
        try:
            stream.flush()
        except _base:
            pass


def _interpreter_forkers(_register=os.register_at_fork) -> tuple:
    """The interpreter's three lists of at-fork callbacks (before; after, in the parent; after, in the
    child), found once as the worker starts: the lists a marker of ours was appended to."""
    markers = (lambda: None, lambda: None, lambda: None)
    try:
        _register(before=markers[0], after_in_parent=markers[1], after_in_child=markers[2])
        found = [r for r in gc.get_referrers(*markers) if type(r) is list]
        lists = tuple(next(r for r in found if any(m is marker for m in r)) for marker in markers)
        for lst, marker in zip(lists, markers):
            del lst[next(i for i, m in enumerate(lst) if m is marker)]
        return lists if len({id(lst) for lst in lists}) == 3 else ()
    except Exception:  # noqa: BLE001 - not CPython's lists: the callbacks run as os.fork runs them
        return ()


_FORKERS = _interpreter_forkers()


def forkers_now(_forkers=_FORKERS, _tuple=tuple) -> tuple:
    """What the at-fork lists hold as the code begins."""
    return _tuple(_tuple(lst) for lst in _forkers)


def put_back_forkers(held: tuple, _forkers=_FORKERS, _keep=KEPT.append, _zip=zip) -> None:
    """Before the probe fork: the callbacks as they were when the code began (the code's added, taken out
    or replaced, kept alive)."""
    for lst, was in _zip(_forkers, held):
        _keep(lst[:])
        lst[:] = was


def _compiler_setter():
    try:
        return torch._C._dynamo.compiled_autograd.set_autograd_compiler
    except AttributeError:
        return None


def leave_torch_modes(_keep=KEPT.append, _set_compiler=_compiler_setter(),
                      _functions=torch._C._len_torch_function_stack, _pop_function=torch._C._pop_torch_function_stack,
                      _dispatches=torch._C._len_torch_dispatch_stack, _pop_dispatch=torch._C._pop_torch_dispatch_stack,
                      _set_grad_enabled=torch._C._set_grad_enabled) -> None:
    """Torch function and dispatch modes a submission entered and never left would see (and could rewrite)
    every operation the probes make; so would a compiler of every backward pass (observe_chain.py). Each is
    kept alive (NOTE [the code's leftovers]). What it calls is bound as the module loads: round 47's fourth
    attacker put a stand-in in `sys.modules["torch"]`, and an `import torch` here ran its `__getattr__`."""
    if _set_compiler is not None:  # NOTE [a compiler of every pass]
        try:
            _keep(_set_compiler(None, False))
        except (RuntimeError, TypeError):
            pass
    try:
        while _functions() > 0:
            _keep(_pop_function())
    except (RuntimeError, TypeError):
        pass
    try:
        while _dispatches() > 0:
            _keep(_pop_dispatch(None))  # torch 2.13 takes the mode key, None for a plain mode (round 41)
    except (RuntimeError, TypeError):
        pass
    _set_grad_enabled(True)
