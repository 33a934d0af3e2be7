"""Callbacks of the code's that the interpreter runs by itself, wherever Python runs inside a pass.

NOTE [code the interpreter runs inside a pass]: inside a backward pass, Python runs in the observers' own
hooks (the accumulators') and in torch's own helpers (a checkpoint's recompute), where no check of the
observers follows: the checks follow the code's own hooks (note_stack, observe_dispatch.py). Code of the
code's that the interpreter calls there by itself ran unchecked: round 31's fourth attacker's
`sys.setprofile` function turned torch's python dispatcher on as torch's entry called the engine and off
as it returned (a python kernel of its own answered `mul`: NOTE [a kernel in python]), and wrote an input
mid-pass and put it back. So a judged pass is a dispatch of the code's when, as it starts or ends or as a
hook of the code's returns, any of these holds a function of the code's (NOTE [a torch mode that calls
the code], observe_codes.py): the profile or trace function, `gc.callbacks` (a collection may start in
any allocation), a signal handler the code set (Python runs it between two instructions of the main
thread, a timer or a thread of the code's sends the signal), `warnings.showwarning` (torch's warnings
inside a node become Python's). A cProfile profiler counts as the code's too: its timer, which it calls on
every event, is read by nothing (an honest profile of a judged pass reads as the code's). Torch's tracer
and `warnings.catch_warnings` hold nothing of the code's. Audit hooks are refused outright:
NOTE [no audit hook of the code's], audit.py.
"""

from __future__ import annotations

import gc
import sys
import warnings

from tutor.grade.observe_codes import calls_the_codes
from tutor.grade.observe_state import _S

# read in a run of the code's, which may have replaced the builtins
_getprofile, _gettrace, _callable, _len, _range = sys.getprofile, sys.gettrace, callable, len, range
_isinstance = isinstance
_GC_CALLBACKS = gc.callbacks  # the list the collector reads (rebinding the module's name changes nothing)
_WARNINGS = vars(warnings)
_SHOW, _SHOW_MESSAGE = warnings.showwarning, warnings._showwarnmsg_impl  # the library's own: nothing to read
_HANDLED: list = []  # signals the code gave a handler of its own (read: signal.getsignal, as it is now)


def runs_inside_a_pass() -> bool:
    for hook in (_getprofile(), _gettrace(), _WARNINGS.get("showwarning"), _WARNINGS.get("_showwarnmsg_impl")):
        if hook is not None and hook is not _SHOW and hook is not _SHOW_MESSAGE \
                and (_a_cprofile_profiler(hook) or calls_the_codes(hook)):
            return True
    for i in _range(_len(_GC_CALLBACKS)):
        if calls_the_codes(_GC_CALLBACKS[i]):
            return True
    for i in _range(_len(_HANDLED)):
        handler = _getsignal[0](_HANDLED[i])
        if _callable(handler) and calls_the_codes(handler):
            return True
    return False


_getsignal: list = [lambda number: None]
_PROFILER: list = [()]  # _lsprof.Profiler, once the zygote found it


def _a_cprofile_profiler(hook) -> bool:
    """cProfile's profiler keeps its timer where nothing reads it, and calls it on every event (round 31's
    fifth attacker's timer wrote an input mid-pass; `_lsprof.Profiler.__init__` run again gives any
    profiler a timer of the code's): every one counts as the code's."""
    return _isinstance(hook, _PROFILER[0])


def _watched_signal(original):
    def signal(signalnum, handler):
        if _S.on and _callable(handler) and signalnum not in _HANDLED:
            _HANDLED.append(signalnum)
        return original(signalnum, handler)

    signal.__name__ = signal.__qualname__ = getattr(original, "__name__", "signal")
    return signal


def install() -> None:
    """`_signal.signal` noted (the zygote, once): signal.signal calls it by its module's name; and
    cProfile's profiler class found."""
    import _signal

    _getsignal[0] = _signal.getsignal
    _signal.signal = _watched_signal(_signal.signal)  # the original is kept nowhere else (signal.py's copies
    # only its __doc__)
    import _lsprof

    _PROFILER[0] = _lsprof.Profiler
