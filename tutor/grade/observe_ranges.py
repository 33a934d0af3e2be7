"""Whose a Python frame is, and the code's own nodes inside the observers' ranges.

NOTE [the code's own nodes in a range]: an observer's range gives back the
numbers taken in it (NOTE [numbers given back once], observe_recompute.py),
and round 46's second attacker ran the code's own forward inside one: in a
`torch.compile` backend of its own (dynamo's compile step), in a `__del__`
that a cyclic collection ran while dynamo compiled `lambda t: t + 1` with
torch's own backend, in a `builtins.id` of its own that an observer called.
Full marks with recording on (evaluate-without-a-graph,
freeze-the-first-layer, backward-twice). So while a range is open on the
run's thread, a trace function watches each Python frame that starts (a
pass's watch does the same: observe_inpass.py), and what a function of the
code's makes (its outermost frame, from its start to its return, less what
was given back inside it) is kept counted (``_S.code_made``). A frame of
the code's that never says it returned (its trace function taken off) makes
the whole range the code's. A node made by no Python function of the code's
(a C callable it handed a library) is not seen here: the askings for an
accumulator give back only a counter that moved by exactly one, their view
(observe_accumulated.py, observe_targets.py).
"""

from __future__ import annotations

import sys

from tutor.grade.observe_codes import codes_at
from tutor.grade.observe_recompute import give_back_since, made_since, mark
from tutor.grade.observe_state import _S

# read in a run of the code's, which may have replaced the builtins
_gettrace, _settrace = sys.gettrace, sys.settrace
_GENERATED = "<eval_with_key>"  # torch.fx's generated code (a compiled graph's forward and backward)
_KNOWN: dict = {}  # code object -> whether it is the code's
_RANGES = [0]  # ranges open on this thread
_IN_CODE = [0]  # a frame of the code's under way inside one


def codes(frame) -> bool:
    """The frame runs a function of the code's (NOTE [a torch mode that calls the code]'s "the code's")."""
    code = frame.f_code
    known = _KNOWN.get(code)
    if known is None:
        filename = code.co_filename
        if filename.startswith("<"):  # exec'd: whose it is, its globals say (a dataclass's, a namedtuple's)
            return codes_at(filename, frame.f_globals) and not filename.startswith(_GENERATED)
        known = _KNOWN[code] = codes_at(filename, None)
    return known


def range_open() -> tuple:
    """An observer's range, from now: ``range_close`` gives back what was made in it, less the code's."""
    before = _gettrace()
    _RANGES[0] += 1
    if before is None:  # else a pass's watch (observe_inpass.py) or an outer range's does this
        _settrace(ranged)
    outer = _IN_CODE[0]  # opened inside a frame of the code's (a backend's AOTAutograd): its own are watched too
    _IN_CODE[0] = 0
    return mark(), before, outer


def range_close(opened: tuple) -> None:
    at, before, outer = opened
    _RANGES[0] -= 1
    if before is None and _gettrace() is ranged:
        _settrace(None)
    tampered, _IN_CODE[0] = _IN_CODE[0], outer
    if tampered:  # a frame of the code's that took its trace off: nothing of the range is given back
        _S.code_made += made_since(at)
        return
    give_back_since(at)


def watching() -> bool:
    return _RANGES[0] > 0


def ranged(frame, event, arg):
    """The trace function while a range is open: a frame of the code's is followed to its return."""
    if _IN_CODE[0] or not codes(frame):
        return None
    _IN_CODE[0] += 1
    frame.f_trace_lines = False  # its return alone is heard
    at = mark()

    def returned(frame, event, arg):
        if event != "return":
            return returned
        _IN_CODE[0] -= 1
        made = made_since(at)
        if made > 0:
            _S.code_made += made
        return None

    return returned
