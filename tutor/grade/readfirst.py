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
# - the probes read a copy of the namespace the grader made (``clean``): round 36's second attacker
#   rebound names from a ``__class__`` property whose getter was a C callable (``operator.methodcaller``,
#   ``functools.partial(setitem, globals(), ...)``), which starts no frame; the third put a key of a str
#   subclass on a name's lookup path, its ``__eq__`` a C callable that ran at every lookup of the name. A
#   key that is not a plain str is the code's doing, and breaks the seal;
# - a seal taken as the probes begin must hold after each of the grader's own reads (its numbers once all
#   of them are read, at ten times the cost) and after ``restore_function_apply`` (a check's own pass may
#   fill a retained gradient later: not after those). It holds each plain tensor bound to a name the probes
#   or the record judge, or in a list or tuple bound to one, whatever their number, then others up to a
#   cap (round 36's fifth attacker bound 260 tensors to push `w2` past it): its gradient by identity, the
#   version counters, and the numbers of both, which a write through ``.data`` changes without moving a
#   counter;
# - the fourth made `.grad` a subclass whose ``__torch_dispatch__`` (exec'd into a library's globals)
#   answered the grad probe's reads: a gradient of a subclass's is read by type only (probes.read_grad),
#   the seal copies none, and this watch counts exec'd code (a file name in ``<>``) as the code's.
# A broken seal or a watched frame marks the record ``ran_while_read``, and the verdict judges nothing
# of the run (feedback.learner_problem). The grader's reads name objects by type, not ``isinstance``
# (which asks the object its ``__class__``), and read the setup's modules through plain dicts
# (observe_state._of_type, observe_modules._fingerprint). Round 37's attacker made a change and undid it
# within one read, from keys stored in dicts the reads look up in: NOTE [a class made to run at a lookup]
# (lookups.py).
# Left: a C callable a finalizer runs.
"""

from __future__ import annotations

import builtins
import sys
from typing import Any, Callable

import torch

from tutor.grade import pristine
from tutor.grade.lookups import class_hides, classes_made_to_run, hides_torchs, hiding_name, is_tensor, str_items
from tutor.grade.observe_inpass import _codes, classes_intact
from tutor.grade.modecount import count_pushes
from tutor.grade.observe_kernels import kernels_are_torchs
from tutor.grade.observe_state import (
    _S, _clone, _detach, _get_grad, _get_version, _no_torch_function, _numel, _TensorBase, equal_bits,
)
from tutor.grade.pristine_modules import IMPORTED
from tutor.grade.pykernels import kernels_as_sealed
from tutor.grade.probes import is_plain_tensor

FIRST_KINDS = ("observed", "grad", "flags")  # the grader's own reads, before the code can run
_gettrace, _settrace = sys.gettrace, sys.settrace
_dict = dict
_dict_items, _list, _type, _getattr, _setattr, _len, _id = dict.items, list, type, getattr, setattr, len, id
MOST_TENSORS = 256  # plain tensors sealed
MOST_NUMBERS = 4096  # elements of a tensor whose numbers are sealed (torch's grain for a thread pool is 32,768)
_BUILTINS = dict(vars(builtins))  # as the worker imported this module
_is_nested, _is_meta = _TensorBase.is_nested.__get__, _TensorBase.is_meta.__get__
_copy_into, _no_grad, _set_versions = _TensorBase.copy_, torch.no_grad, torch._C._autograd._unsafe_set_version_counter
_layout, _STRIDED = _TensorBase.layout.__get__, torch.strided


class _Seen:
    ran = False  # a function of the code's started while the first probes were read


def _watch(frame, event, arg):
    # stricter than the pass's watch: nothing of the grader's or torch's own reads runs exec'd code (a file
    # name in <>), and code exec'd into a library's globals read as the library's (round 36's fourth attacker)
    code = frame.f_code
    codes = _CODES.get(code)
    if codes is None:
        filename = code.co_filename
        codes = _CODES[code] = (filename.startswith("<") and not filename.startswith("<frozen")) or _codes(frame)
    if codes:
        _Seen.ran = True
    return None  # no line events


_CODES: dict = {}  # code object -> whether it is the code's, as this watch reads it


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


_type_name = type.__dict__["__name__"].__get__  # type's own slot: a metaclass's `__name__` is the code's


class _Seal:
    """Each plain tensor's gradient (by identity), version counters and numbers (a copy), and theirs, as
    the probes begin: a tensor bound to a name, or held in a list or tuple bound to one."""

    hider: list | None = None  # [name, class name, attribute] of a class of the code's that hides torch's

    def __init__(self, namespace: dict, judged: set) -> None:
        # the names the probes and the record judge first, whatever their number and place (round 36's fifth
        # attacker bound 260 tensors to push `w2` past a cap), then the others up to the caps
        found, seen, named = [], set(), {}
        for first in (True, False):
            for name, value in _list(_dict_items(namespace)):
                if (name in judged) is not first or (not first and _len(found) >= MOST_TENSORS):
                    continue
                kind = _type(value)
                items = (value if first else value[:64]) if kind is list or kind is tuple else (value,)
                for t in items:
                    if is_plain_tensor(t) and _id(t) not in seen:
                        seen.add(_id(t))
                        found.append(t)
                        named[_id(t)] = name if _type(name) is str else ""
        self.tensors = [(t, *self._state(t)) for t in found]
        # NOTE [an attribute that hides torch's] (lookups.py); a judged name's tensor of a class of the code's too
        hiders = [(named[_id(t)], t) for t in found if hides_torchs(t)] or [
            (name, v) for name, v in _list(_dict_items(namespace)) if name in judged and is_tensor(v)
            and not is_plain_tensor(v) and class_hides(v, own_dispatch=False)]
        self.hidden = bool(hiders)
        # which name, class and attribute, for the learner's words (feedback.py): a class's, not an instance's
        for name, t in hiders[:1]:
            key = hiding_name(_type(t))
            self.hider = [name if _type(name) is str else "", _type_name(_type(t)), key] if key and key != "?" \
                else None

    @staticmethod
    def _state(t) -> tuple:
        grad = _get_grad(t)  # a gradient of a subclass's by identity only: copying it would run its dispatch
        plain = grad is not None and is_plain_tensor(grad)
        return (grad, _version(t), _version(grad) if plain else -1, _copy(t), _copy(grad) if plain else None)

    def holds(self, numbers: bool = True, grads: bool = True) -> bool:
        """Identity and counters; with ``numbers``, the numbers too (some ten times the cost); without
        ``grads``, the tensors alone (a check's own pass may fill a retained gradient)."""
        try:
            with _no_torch_function():
                for t, grad, version, grad_version, values, grad_values in self.tensors:
                    if not grads:
                        if _version(t) != version or (values is not None and not equal_bits(t, values)):
                            return False
                        continue
                    if _get_grad(t) is not grad or _version(t) != version or \
                            (grad_values is not None and _version(grad) != grad_version):
                        return False
                    # the numbers too: a write through `.data` moves no counter
                    if numbers and ((values is not None and not equal_bits(t, values)) or
                                    (grad_values is not None and not equal_bits(grad, grad_values))):
                        return False
            return True
        except Exception:  # a tensor that no longer reads
            return False


    def put_back(self) -> bool:
        """Each tensor as the seal took it, numbers and counter, where a check's own call changed it (a Function
        of the code's that rounds its input in place, a hook that writes through `.data`); False where one
        no longer reads."""
        try:
            with _no_torch_function(), _no_grad():
                for t, _, version, _, values, _ in self.tensors:
                    # one past MOST_NUMBERS has no copy, and is read as the check left it (round 44's learner: a
                    # Function's forward that logs into a buffer of 10,000 numbers)
                    if values is not None and (_version(t) != version or not equal_bits(t, values)):
                        _copy_into(_detach(t), values)
                        if version >= 0:
                            _set_versions((t,), (version,))
            return True
        except Exception:  # a tensor that no longer reads, or takes no copy
            return False


def _copy(t):
    """The numbers of a tensor of at most MOST_NUMBERS elements; None past that (sealed by its counters only).
    A bigger copy may run on torch's thread pool, which hangs in a probe process forked from a run whose
    code started the pool (`torch.set_num_threads(2)`, a big matmul: a corpus file timed out so)."""
    with _no_torch_function():
        # a meta tensor has no numbers, and torch.equal takes no sparse or nested one (a learner's answer
        # may leave either: `torch.empty(..., device="meta")` to work out shapes): counters only
        if _is_nested(t) or _is_meta(t) or _layout(t) is not _STRIDED or _numel(t) > MOST_NUMBERS:
            return None
        return _clone(_detach(t))


def clean(namespace: dict) -> tuple:
    """(the namespace's names and values in a dict of the grader's, whether it held a key that is not a
    plain str). A key of a str subclass sits on a name's lookup path with an ``__eq__`` of the code's (a C
    callable starts no frame): every lookup of that name ran it (round 36's third attacker)."""
    items, odd = str_items(_list(_dict_items(namespace)))
    return _dict(items), odd


def _version(t) -> int:
    try:
        return _get_version(t)
    except RuntimeError:  # an inference tensor keeps no version counter
        return -2


def read_in_order(wanted: tuple, read_one: Callable[[Any, dict], dict], between: Callable[[dict], None],
                  namespace: dict, started: Any = None, marks: tuple = ()) -> dict:
    """Each probe's data by its key, in ``wanted``'s order, read from a copy of the namespace (``clean``):
    the grader's own reads first, watched and sealed; then ``between(copy)``; then the rest."""
    before = _gettrace()
    # taken now, as pristine left them: a later probe runs the code's functions, which could rebind them
    changed, restore, intact, state = pristine.changed, pristine.restore, classes_intact, pristine.read_state()
    versions_now, moved_since, modes_on, pushes = pristine.versions_now, pristine.moved_since, _modes_on, count_pushes
    _Seen.ran = False
    _settrace(_watch)  # before the seal's copies too: a copy of a subclass's gradient ran its dispatch
    out: dict = {}
    try:
        made = classes_made_to_run(started)  # first: nothing before it looks anything up (NOTE in lookups.py)
        # NOTE [a kernel registered behind the watch] (observe_kernels.py); NOTE [a kernel of the code's in python]
        kernels = kernels_are_torchs(True, marks) and kernels_as_sealed()
        classes = classes_intact()  # NOTE [autograd's classes as the zygote left them] (observe_inpass.py)
        names, odd = clean(namespace)
        odd = odd or made
        _point_at(namespace, names)
        seal = _Seal(names, _judged(wanted))
        broken = odd or seal.hidden
        with _no_torch_function():  # a tensor subclass's __torch_function__ is the code's: the grader's reads skip it
            for probe in wanted:
                if _first(probe):
                    out[probe.key] = read_one(probe, names)
                    broken = broken or not seal.holds(numbers=False)
            broken = broken or not seal.holds()
    finally:
        _settrace(before)
    between(names)
    broken = broken or not seal.holds()
    for probe in wanted:
        if not _first(probe):
            seen, pushed = versions_now(state), pushes()
            out[probe.key] = read_one(probe, names)
            moved = moved_since(state, seen)
            if moved == IMPORTED and not changed(state):  # torch loaded a submodule lazily: read again, strictly
                seen = versions_now(state)
                out[probe.key] = read_one(probe, names)
                moved = moved_since(state, seen)
            moved = moved or pushes() != pushed  # NOTE [a mode pushed within a check] (observe_dispatch.py)
            # round 44's attacker: a hook of the code's, run by a check's own pass, wrote `init` into `w` through
            # `.data` for a later check to read: each check reads the tensors as the code left them, put back
            if not seal.holds(grads=False) and not seal.put_back():
                broken = True
                out[probe.key] = {"t": "error", "why": "the code ran while its results were read"}
            # NOTE [the code's functions run by the probes]; NOTE [set and put back within a check]; a torch
            # function or dispatch mode the code's function pushed and left on (round 41: `aten.mean` made a sum)
            if changed(state) or moved or not intact() or modes_on():
                out[probe.key] = {"t": "error", "why": CHANGED_WHILE_CHECKED}
                restore()
    kernels = kernels and kernels_are_torchs(True, marks) and kernels_as_sealed()  # one made as the grader read too
    if _Seen.ran or broken or not kernels or not classes:
        for probe in wanted:
            data = out[probe.key]
            if probe.kind == "observed" and isinstance(data, dict) and data.get("t") == "observed":
                data["kernels_of_its_own" if not kernels else "autograd_changed" if not classes else
                     "ran_while_read"] = True
                if seal.hider and kernels and classes:
                    data["hidden_by"] = seal.hider  # which class of the code's, for the learner's words
            elif probe.kind in FIRST_KINDS:
                out[probe.key] = {"t": "error", "why": "the code ran while its results were read"}
    return {probe.key: out[probe.key] for probe in wanted}


def _modes_on(_function=torch._C._len_torch_function_stack, _dispatch=torch._C._len_torch_dispatch_stack) -> bool:
    return _function() > 0 or _dispatch() > 0


# NOTE [the code's functions run by the probes]: the later probes call what the code defined (gradcheck of its
# Function, a check's `Cube.apply(x)`), after pristine put everything back. Round 40's third attacker rebound
# gradcheck's allclose, `torch.Tensor.mean` and `no_grad`'s methods inside its Function's `forward`: each probe
# that ran it ran with them. After each such probe, what pristine puts back is read again; where anything
# differs, that probe's result is void, and everything goes back before the next one.
CHANGED_WHILE_CHECKED = ("your code changed torch while this check ran it (a function, a method or a default of "
                         "torch's, or a class of autograd's, set by code the check called), so its result cannot "
                         "be trusted: leave torch as it is")


def _judged(wanted: tuple) -> set:
    """The names the probes read, and those the record judges (the observers' lists of names)."""
    names = {p.name for p in wanted if p.name} | {p.expr for p in wanted if p.expr and p.expr.isidentifier()}
    for attr in ("grad_names", "value_names", "grad_root_names", "hook_names"):
        for name in _getattr(_S, attr, None) or ():
            if _type(name) is str:
                names.add(name)
    return names


def _point_at(namespace: dict, names: dict) -> None:
    """The observers' record reads the copy where it read the namespace."""
    for attr in ("grad_namespace", "value_namespace", "hook_namespace", "hook_target_namespace"):
        if _getattr(_S, attr, None) is namespace:
            _setattr(_S, attr, names)
    bound = _getattr(_S, "setup_bound", None)  # observe._rebound: round 37's attacker rebound a name after the copy
    if _type(bound) is tuple and _len(bound) == 2 and bound[0] is namespace:
        _S.setup_bound = (names, bound[1])
