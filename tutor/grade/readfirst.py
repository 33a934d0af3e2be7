"""The order a run reads its probes in, and a watch on the code while the first of them are read.

# NOTE [results read before the code can run]: a run's probes read what the code left, one after
# another, and some of them run code of the code's on purpose: a value check's expression calls its
# functions, a gradcheck its Function, a graph probe asks every name bound whether it is a tensor (a
# ``__class__`` property answers). Round 36's attacker left a gradient worked out by hand in ``x.grad``
# for the grad probes, and had a later probe run a function of the code's that put back the tensor a
# pass had left (or rebound ``loss`` to a surrogate's root) before the ``observed`` probe, read last,
# asked where the gradient came from: five exercises read "left by a pass that started at `loss`"
# (a ``forward`` a check applies, a list subclass a setup's hook appends to, a module's ``_modules``
# read by ``parameters()``, a ``__class__`` property read by ``isinstance``). So the record of where
# things came from (``observed``) and the plain reads of gradients and flags come first, before any
# probe that may run the code's code and before ``restore_function_apply`` (which asks every name's
# type), and a trace function watches them: a function of the code's (observe_inpass._codes) that
# starts while they are read (a property, a container's method, a signal's handler, a finalizer
# written in Python) marks the record ``ran_while_read``, and the verdict judges nothing of the run
# (feedback.learner_problem). A C callable the code left to run (a finalizer that is a ``partial``)
# starts no frame and is not seen.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

from tutor.grade.observe_inpass import _codes

FIRST_KINDS = ("observed", "grad", "flags")  # what is read before the code can run
_gettrace, _settrace = sys.gettrace, sys.settrace


class _Seen:
    ran = False  # a function of the code's started while the first probes were read


def _watch(frame, event, arg):
    if not _Seen.ran and _codes(frame):
        _Seen.ran = True
    return None  # no line events


def read_in_order(wanted: tuple, read_one: Callable[[Any], dict], between: Callable[[], None]) -> dict:
    """Each probe's data by its key, in ``wanted``'s order: those of FIRST_KINDS read first, watched;
    then ``between()``; then the rest."""
    first = [p for p in wanted if p.kind in FIRST_KINDS]
    out: dict = {}
    before = _gettrace()
    _Seen.ran = False
    _settrace(_watch)
    try:
        for probe in first:
            out[probe.key] = read_one(probe)
    finally:
        _settrace(before)
    if _Seen.ran:
        for probe in first:
            data = out[probe.key]
            if probe.kind == "observed" and isinstance(data, dict) and data.get("t") == "observed":
                data["ran_while_read"] = True
            else:
                out[probe.key] = {"t": "error", "why": "the code ran while its results were read"}
    between()
    for probe in wanted:
        if probe.kind not in FIRST_KINDS:
            out[probe.key] = read_one(probe)
    return {probe.key: out[probe.key] for probe in wanted}
