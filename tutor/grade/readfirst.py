"""The order a run reads its probes in, a watch on the code while they are read, and a seal on what they read.

# NOTE [results read before the code can run]: a run's probes read what the code left, one after
# another, and some of them run code of the code's on purpose: a value check's expression calls its
# functions, a gradcheck its Function. Round 36's attacker left a gradient worked out by hand in ``x.grad``
# for the grad probes, and had a later probe run a function of the code's that put back the tensor a
# pass had left (or rebound ``loss`` to a surrogate's root) before the ``observed`` probe, read last,
# asked where the gradient came from: five exercises read "left by a pass that started at `loss`"
# (a ``forward`` a check applies, a list subclass a setup's hook appends to, a module's ``_modules``
# read by ``parameters()``, a ``__class__`` property read by ``isinstance``). So:
# - the grader's own reads come first (the record of where things came from, gradients, flags, a value
#   check's plain name), before ``restore_function_apply`` and the probes that may run the code's code;
# - a trace function watches them: a function of the code's (observe_inpass._codes) that starts while
#   they are read (a property, a container's method, a signal's handler) marks the record;
# - a seal taken as the probes begin (each name's binding, each plain tensor's gradient and version
#   counters, by identity) must hold after each of those reads and after ``restore_function_apply``, and
#   its bindings after every probe (a check's own pass may fill a retained gradient): round 36's
#   second attacker rebound names from a ``__class__`` property whose getter was a C callable
#   (``operator.methodcaller``, ``functools.partial(setitem, globals(), ...)``), which starts no frame,
#   and swapped a ``.grad`` from a ``_modules`` subclass's ``items`` as the record was read.
# A broken seal or a watched frame marks the record ``ran_while_read``, and the verdict judges nothing
# of the run (feedback.learner_problem). The grader's reads name objects by type, not ``isinstance``
# (which asks the object its ``__class__``), where the code's objects may stand (observe_state._of_type).
# Left: a change made and undone within one read, by two triggers a read still hands the code.
"""

from __future__ import annotations

import builtins
import sys
from typing import Any, Callable

from tutor.grade.observe_inpass import _codes
from tutor.grade.observe_state import _get_grad, _get_version, _no_torch_function
from tutor.grade.probes import is_plain_tensor

FIRST_KINDS = ("observed", "grad", "flags")  # the grader's own reads, before the code can run
_gettrace, _settrace = sys.gettrace, sys.settrace
_dict_items, _len, _id, _list = dict.items, len, id, list
MOST_TENSORS = 256  # plain tensors sealed
_BUILTINS = dict(vars(builtins))  # as the worker imported this module


class _Seen:
    ran = False  # a function of the code's started while the first probes were read


def _watch(frame, event, arg):
    if not _Seen.ran and _codes(frame):
        _Seen.ran = True
    return None  # no line events


def evaluate(expr: str, scope: dict):
    """A check's expression in ``scope``; a plain name as ``eval`` finds it (in ``scope``, else among
    Python's builtins) with no frame started: the watch above would see ``eval``'s, in the code's globals."""
    if not expr.isidentifier():
        return eval(compile(expr, "<check>", "eval"), scope)  # noqa: S307 - a check's own expression
    if expr in scope:
        return scope[expr]
    if expr in _BUILTINS:
        return _BUILTINS[expr]
    raise NameError(f"name {expr!r} is not defined")


def _first(probe) -> bool:
    """A probe that only reads: the kinds above, and a value check's plain name (encode_value reads by type)."""
    return probe.kind in FIRST_KINDS or (probe.kind == "value" and probe.expr is not None
                                         and probe.expr.isidentifier() and not probe.options)


class _Seal:
    """Each name's binding, and each plain tensor's gradient and version counters, as the probes begin."""

    def __init__(self, namespace: dict) -> None:
        self.namespace = namespace
        self.bound = _list(_dict_items(namespace))
        self.tensors = [(t, *self._state(t)) for _, t in self.bound[:1000] if is_plain_tensor(t)][:MOST_TENSORS]

    @staticmethod
    def _state(t) -> tuple:
        grad = _get_grad(t)
        return _id(grad), _version(t), -1 if grad is None else _version(grad)

    def holds(self, tensors: bool = True) -> bool:
        """The bindings as sealed, and with ``tensors`` the tensors' state too (a check's own pass may fill a
        retained gradient: after the grader's own reads only the bindings are held)."""
        namespace = self.namespace
        if _len(namespace) != _len(self.bound):
            return False
        try:
            for name, value in self.bound:
                if namespace[name] is not value:
                    return False
            return not tensors or all(self._state(t) == (g, v, gv) for t, g, v, gv in self.tensors)
        except Exception:  # a name gone, a tensor that no longer reads
            return False


def _version(t) -> int:
    try:
        return _get_version(t)
    except RuntimeError:  # an inference tensor keeps no version counter
        return -2


def read_in_order(wanted: tuple, read_one: Callable[[Any], dict], between: Callable[[], None],
                  namespace: dict) -> dict:
    """Each probe's data by its key, in ``wanted``'s order: the grader's own reads first, watched; then
    ``between()``; then the rest; the seal checked after each."""
    seal = _Seal(namespace)
    broken = False
    out: dict = {}
    before = _gettrace()
    _Seen.ran = False
    _settrace(_watch)
    try:
        with _no_torch_function():  # a tensor subclass's __torch_function__ is the code's: the grader's reads skip it
            for probe in wanted:
                if _first(probe):
                    out[probe.key] = read_one(probe)
                    broken = broken or not seal.holds()
    finally:
        _settrace(before)
    between()
    broken = broken or not seal.holds()
    for probe in wanted:
        if not _first(probe):
            out[probe.key] = read_one(probe)
            broken = broken or not seal.holds(tensors=False)
    if _Seen.ran or broken:
        for probe in wanted:
            data = out[probe.key]
            if probe.kind == "observed" and isinstance(data, dict) and data.get("t") == "observed":
                data["ran_while_read"] = True
            elif probe.kind in FIRST_KINDS:
                out[probe.key] = {"t": "error", "why": "the code ran while its results were read"}
    return {probe.key: out[probe.key] for probe in wanted}
