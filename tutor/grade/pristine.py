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
from types import MappingProxyType, ModuleType

from tutor.grade import leftovers, pristine_modules
from tutor.grade.dictversions import _version, dict_versions_work as _dict_versions_work  # noqa: F401 (host.py)


# NOTE [the record sealed]: round 42's attacker wrote its trick into the grader's record of what to put back
# as well as into torch (`Tensor.mean = Tensor.sum` into the dict kept for torch.Tensor; a gradcheck function
# into pristine_modules' `_KEPT`, rebound, and into the record of that module): restore then "put back" the
# trick, no comparison with the record found a change, and unchanged starters scored full marks. The record is
# now immutable (tuples, frozensets, mappingproxies over dicts no run can reach), held as the default of
# ``sealed``, which only ``_seal`` may set, in the process that added the audit hook (the zygote: audit.py).
# Its readers (``restore`` and what it calls, ``read_state``, ``check_names``) hold ``sealed`` and their helpers
# as defaults, so rebinding a name of this module changes nothing they read; ``restore`` puts this module and
# pristine_modules back first. Record: (targets with their attributes, versions, module dicts,
# pristine_modules.state(), watched dicts, the grader's modules, the builtins, torch's mode classes).
def sealed(_record=None) -> tuple | None:
    return _record


def _seal(record: tuple) -> None:
    sealed.__defaults__ = (record,)


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
    ours = [module for name, module in sorted(sys.modules.items(), key=_keepers_first)
            if (name == "tutor" or name.startswith("tutor.")) and module is not None]
    # The grad-mode classes too: round 39's third attacker made `torch.no_grad`'s `__enter__` and `__exit__`
    # no-ops, and a starter's backward, its `with torch.no_grad():` gone, passed gradgradcheck.
    import torch.autograd.grad_mode as grad_mode

    modes = [grad_mode] + [c for c in vars(grad_mode).values() if isinstance(c, type) and c.__module__ in (
        grad_mode.__name__, "torch.utils._contextlib")]
    return ours + [builtins, torch, torch.autograd, torch.autograd.graph, torch.func, torch.nn, torch.nn.functional,
            torch.nn.Module, torch.nn.Parameter, torch.Tensor, torch._C.TensorBase, torch.autograd.Function,
            torch.utils.hooks, torch.Size, torch.dtype, torch.device, *modes,
            torch.autograd.variable.Variable]  # round 41: its `_execution_engine` runs every backward pass


def _keepers_first(item: tuple) -> tuple:
    """This module and pristine_modules first: restore puts them back before it reads anything else of theirs."""
    return (item[0] not in (__name__, pristine_modules.__name__), item[0])


def taken() -> bool:
    return sealed() is not None


def snapshot(versions: bool = True) -> None:
    """Before the code runs: remember every attribute of the targets, and which of the grader's modules are loaded."""
    usable = versions and _dict_versions_work()
    from tutor.grade import lookups

    # first, so that the snapshot below holds what they set: `lookups.CLEAN` and the module dicts go back too
    lookups.note_clean(usable)  # NOTE [a class made to run at a lookup]
    _note_modules(usable)  # NOTE [a key planted in a module]
    saved = []
    for target in _targets():
        if isinstance(target, type):
            _real_dict(target)  # kept now: a run may not read it (NOTE [no reach into the grader's objects])
        attributes = dict(vars(target))
        if getattr(target, "__name__", "").startswith("tutor"):
            # Our modules' state (counters, caches) may change while the code
            # runs, legitimately: only their functions and classes go back.
            # (Immutable tables, such as child.py's probe readers, go back too.)
            attributes = {k: v for k, v in attributes.items()
                          if callable(v) or type(v).__name__ == "module" or type(v) in (tuple, frozenset)}
        saved.append((target, MappingProxyType(attributes)))
    versions = tuple(((d, _version(d)) if usable else None) for d in
                     (_real_dict(t) if usable else None for t, _ in saved))
    # NOTE [set and put back within a check] (pristine_modules.py): what no probe may change
    watched = tuple(known[0] for (target, _), known in zip(saved, versions)
                    if known is not None and not getattr(target, "__name__", "").startswith("tutor"))
    ours = MappingProxyType({name: module for name, module in sys.modules.items()
                             if name == "tutor" or name.startswith("tutor.")})
    at_start = MappingProxyType({k: v for k, v in vars(builtins).items() if not k.startswith("__")})
    from tutor.grade import modeclasses, raised  # NOTE [torch's modes, as the zygote sealed them]

    mine = tuple(i for i, (target, _) in enumerate(saved) if any(target is m for m in ours.values()))
    _seal((tuple(saved), versions, _MODULE_DICTS, pristine_modules.state(), watched, ours, at_start,
           modeclasses.registries(), mine))
    raised.remember_grader_code()  # NOTE [an error in the grader's own code]


def check_names(_sealed=sealed) -> dict:
    """What a pack's check expression sees besides the learner's names: the
    builtins, torch, nn and F as they were when the run started."""
    import torch

    record = _sealed()
    names = dict(record[6]) if record is not None else dict(vars(builtins))
    names.update({"__builtins__": builtins, "torch": torch, "nn": torch.nn, "F": torch.nn.functional})
    return names


_MISSING = object()


def _added(target: object, attributes: dict, current, _issubclass=issubclass, _type=type,
           _callable=callable, _tuple=tuple, _frozenset=frozenset, _dict=dict, _str=str, _module=ModuleType) -> list:
    """The names ``target`` has that the snapshot's ``attributes`` lack, as ``_put_back`` takes them off: in our
    own modules only functions, classes and immutable tables; and no submodule (imported while the code ran,
    it is an attribute of its package too, and the probes may need it). Builtins bound when the module loads."""
    added = [n for n in current if n not in attributes]
    name = current.get("__name__") if _type(current) is _dict else None  # no `__getattr__` of the code's runs
    if _type(name) is _str and name.startswith("tutor"):
        added = [n for n in added if _callable(current[n]) or _type(current[n]) is _tuple
                 or _type(current[n]) is _frozenset]  # by identity: `in` would ask a metaclass of the code's
    if not _issubclass(_type(target), _type):
        added = [n for n in added if _type(current[n]) is not _module]
    return added


def _real_dict(target: object) -> dict:
    """The dict behind ``vars(target)`` (a class's is behind a mappingproxy: kept from the first time, since
    a grading run may not call ``gc.get_referents``, NOTE [no reach into the grader's objects])."""
    attributes = vars(target)
    if type(attributes) is dict:
        return attributes
    found = _REAL.get(id(target))
    if found is None or found[0] is not target:
        found = _REAL[id(target)] = (target, next(r for r in gc.get_referents(attributes) if type(r) is dict))
    return found[1]


_REAL: dict = {}  # id(class) -> (the class, its real dict)


def _put_back(target: object, attributes, real: dict | None, _type=type, _isinstance=isinstance, _vars=vars,
              _object=object, _dict=dict, _str=str, _any=any, _added=_added, _real_dict=_real_dict,
              _missing=_MISSING, _keep=leftovers.KEPT.append, _list=list, _issubclass=issubclass,
              _ModuleType=ModuleType) -> None:
    # The builtins this uses are bound when the module is loaded: the code
    # may have replaced builtins.isinstance & co., and builtins is a target
    # like any other (before it is put back, a patched isinstance would
    # make every later target look like a class, and stay unrestored).
    # ``real``: the dict behind ``vars(target)``, as the record holds it (None where versions are not read).
    isinstance, type, vars, object = _isinstance, _type, _vars, _object  # noqa: A001
    kind = type(target)
    if kind is not _ModuleType and _issubclass(kind, _ModuleType):  # every module target is a plain module:
        _keep(kind)  # one the code gave a class of its own answers `vars` as that class says
        object.__setattr__(target, "__class__", _ModuleType)
    current = vars(target)
    a_class = _issubclass(type(target), type)  # by type: isinstance would ask the target its `__class__`
    setter = type.__setattr__ if a_class else object.__setattr__
    deleter = type.__delattr__ if a_class else object.__delattr__
    if _any(type(n) is not _str for n in current):
        # a key of the code's (round 37: NOTE [a class made to run at a lookup], lookups.py): looking it up
        # would run its `__eq__` or `__hash__`, and no attribute deletes it; the dict is rebuilt without it
        real = _real_dict(target) if real is None else real
        _keep(_list(_dict.items(real)))
        kept = [(n, v) for n, v in _dict.items(real) if type(n) is _str]
        _dict.clear(real)
        _dict.update(real, kept)
    for name in _added(target, attributes, current):
        try:
            _keep(current.get(name))
            deleter(target, name)
        except (AttributeError, TypeError):
            pass
    for name, value in attributes.items():
        was = current.get(name, _missing)
        if was is not value:
            try:
                _keep(was)
                setter(target, name, value)
            except (AttributeError, TypeError):
                pass


def read_state(_sealed=sealed) -> tuple:
    """What ``changed`` compares with, taken by the grader before the code's functions run again (NOTE [the
    record sealed]); with no snapshot taken, nothing."""
    record = _sealed()
    return record[:5] if record is not None else ((), (), _MODULE_DICTS, pristine_modules.state(), ())


def versions_now(state: tuple, _now=pristine_modules.versions_now) -> tuple:
    """NOTE [set and put back within a check]: the watched dicts' versions, before a probe."""
    return _now(state[2], state[3], state[4])


def moved_since(state: tuple, seen: tuple, _moved=pristine_modules.moved_since) -> int:
    """A watched dict changed since ``versions_now`` gave ``seen``, even where it holds what it held
    (``pristine_modules.MOVED``), or only packages gained submodules (``IMPORTED``), or neither (0)."""
    return _moved(state[2], state[3], state[4], seen)


def changed(state: tuple, _zip=zip, _version_of=_version, _vars=vars, _missing=_MISSING, _added=_added,
            _modules_changed=pristine_modules.changed) -> bool:
    """NOTE [the code's functions run by the probes] (readfirst.py): anything ``restore`` puts back differs
    now: an attribute of a target, a library module's function or a function's keyword defaults (``state``:
    ``read_state()``, taken before the code's functions ran: they could rebind this module's globals)."""
    saved, versions, dicts, kept, _ = state
    for (target, attributes), known in _zip(saved, versions):
        if known is not None and _version_of(known[0]) == known[1]:
            continue
        current = _vars(target)
        for name, value in attributes.items():
            if current.get(name, _missing) is not value:
                return True
        if _added(target, attributes, current):  # `torch.Tensor.mean = ...` adds a name
            return True
    return _modules_changed(dicts, kept)


def put_back_ours(_sealed=sealed, _version_of=_version, _put_back=_put_back) -> None:
    """As the code ends, recording still on: the grader's own modules as they were (round 47's fourth attacker
    rebound `child.mark` and `observe_threads.still_running`, called after the record closed: NOTE [the code's
    leftovers]), so that what the grader calls from there on looks up its own names."""
    record = _sealed()
    if record is None:
        return
    saved, versions, mine = record[0], record[1], record[8]
    for i in mine:  # (their entries in sys.modules go back with the rest: nothing imports before the restore)
        known = versions[i]
        if known is not None and _version_of(known[0]) == known[1]:
            continue
        target, attributes = saved[i]
        _put_back(target, attributes, known[0] if known is not None else None)


def restore(_zip=zip, _version_of=_version, _sealed=sealed, _put_back=_put_back,
            _modules_back=pristine_modules.put_back, _leave=leftovers.leave_torch_modes, _sys=sys,
            _threading=threading, _gc=gc, _signal=signal, _keep=leftovers.KEPT.append, _list=list) -> None:
    """In the probe process: the targets as they were, hooks gone. (What it
    calls are its defaults, bound as the module loads: the code may have
    replaced them, and this module is put back only in turn: NOTE [the record
    sealed].) What it takes away is kept alive: NOTE [the code's leftovers]."""
    _keep((_sys.gettrace(), _sys.getprofile(), _threading.gettrace(), _threading.getprofile()))
    for switch_off in (_sys.settrace, _sys.setprofile, _threading.settrace, _threading.setprofile):
        switch_off(None)  # type: ignore[arg-type]
    _keep(_list(_gc.callbacks))
    _gc.callbacks.clear()
    for sig in (_signal.SIGALRM, _signal.SIGVTALRM, _signal.SIGPROF, _signal.SIGTERM, _signal.SIGINT,
                _signal.SIGUSR1, _signal.SIGUSR2, _signal.SIGCHLD, _signal.SIGPIPE, _signal.SIGHUP):
        try:
            _keep(_signal.signal(sig, _signal.SIG_DFL))
        except (OSError, ValueError):
            pass
    _signal.setitimer(_signal.ITIMER_REAL, 0)
    record = _sealed()
    if record is None:  # no snapshot taken: nothing to compare with
        _leave()
        return
    saved, versions, dicts, kept, _, ours = record[:6]
    # NOTE [dict versions]: CPython gives every dict a version that changes
    # whenever an entry is added, replaced by another object, or removed
    # (PEP 509's ma_version_tag). A target whose attribute dict has the
    # version of the snapshot holds exactly what it held then: putting it
    # back would change nothing, and would only cost a page copy for every
    # object it touches (the probe process is a fork: some 30 ms). So only
    # the targets whose dict changed are put back, the way they always were.
    # (Code that rewrites the version through ctypes could rewrite anything
    # else as well: docs/grading.md, "What the sandbox does not cover".)
    for (target, attributes), known in _zip(saved, versions):
        if known is not None and _version_of(known[0]) == known[1]:
            continue
        _put_back(target, attributes, known[0] if known is not None else None)
    _modules_back(dicts, kept, _keep=_keep)  # NOTE [a function rebound in a library module]
    modules = _sys.modules
    _keep([modules.get(name) for name in ours])
    modules.update(ours)
    _leave()


# NOTE [a key planted in a module]
# Code can put a key of its own in any module's dict (`vars(module)` is the dict itself), one whose
# `__eq__` or `__hash__` is a C callable set on a class the worker already had (`UserString`'s):
# every lookup of a name with the key's hash then runs it, and no Python frame starts. Wherever the
# grader's reads, or the library code they call, look a global up, the key ran there (round 38's
# attacker: numpy's `str(dtype)`, readfirst's own `equal_bits`). ``drop_planted`` runs first when the
# code has ended, taken as a local before it ran (NOTE [what a run calls after its code], child.py),
# and again in the probe process: every module dict whose version (NOTE [dict versions]) moved since
# the zygote's snapshot is read, lookup-free, for a key that is not a str, and rebuilt without it. The
# keys are kept alive, so that no finalizer of theirs runs now. The versions of the worker's 2,000 module
# dicts are read in one gather (below); where they cannot be read, every dict is read (some 4 ms).
_MODULE_DICTS: tuple = ((), None, b"", b"")  # the dicts; a view of memory at their versions; where; the versions


def module_dicts() -> tuple:
    return _MODULE_DICTS


def _note_modules(versions: bool) -> None:
    # The versions are read by one gather over a view of the process's memory (numpy, C): a loop over the dicts
    # would write each one's reference count, and in a run forked from the zygote every dict's page (a huge
    # page, where the zygote folded its heap) would be copied: some 9 ms a run, where the gather takes 20 µs.
    global _MODULE_DICTS
    import types

    import numpy

    modules = [(name, m) for name, m in list(sys.modules.items()) if type(m) is types.ModuleType]
    dicts = tuple(vars(m) for _, m in modules)
    pristine_modules.note(modules, versions)  # NOTE [a function rebound in a library module]
    if not versions or not dicts:
        _MODULE_DICTS = (dicts, None, b"", b"")
        return
    _MODULE_DICTS = (dicts, *pristine_modules.versions_view(dicts, numpy))


def drop_planted(dicts: tuple, _type=type, _str=str, _list=list, _kept=[], _frombuffer=None,  # noqa: B006
                 _intp=None, _uint64=None) -> None:
    spaces, view, where, known = dicts
    if view is None:
        moved = range(len(spaces))  # no versions: every dict is read
    else:
        moved = (view[_frombuffer(where, _intp)] != _frombuffer(known, _uint64)).nonzero()[0]
    for i in moved:
        d = spaces[i]
        planted = False
        for key in d:
            if _type(key) is not _str:
                planted = True
                break
        if planted:
            _kept.append(_list(d))
            kept = [(key, value) for key, value in d.items() if _type(key) is _str]
            d.clear()
            d.update(kept)


def _numpy_defaults() -> None:
    import numpy

    drop_planted.__kwdefaults__ = None
    drop_planted.__defaults__ = (type, str, list, [], numpy.frombuffer, numpy.intp, numpy.uint64)


_numpy_defaults()  # as the module loads, before any audit hook: no run may set a function's defaults
