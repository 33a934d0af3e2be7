"""Whether a kernel of the code's is registered for torch's ops: a Library object the watch did not see
alive, one the code made for a namespace of torch's, an aten op's registrations changed, or torch's python
dispatcher on.

NOTE [a kernel registered behind the watch]: round 39's attacker took ``torch._C._dispatch_library``'s
original out of the watch's closure (``noted.__closure__``: code can read whatever the grader's functions
hold) and registered aten kernels through it that no watch noted. Each was a C callable, which starts no
frame, so no watch of a pass saw it run: ``operator.is_not`` for ``aten::equal`` made every grader's
comparison say "the same", and ``torch.sum`` for ``aten::mean.dim`` made fix-my-linear's unchanged starter
right (three full scores on three exercises). A registration lives exactly as long as the Library object
that made it (a ``torch._C._DispatchModule``), and every such object holds a reference to its class. So:

- the zygote keeps, for good, every Library object alive as it is ready, and the parts of the class that
  refer to it (``seal``): no run can free one to make room for its own in the count;
- the watch (observe_dispatch._watched_library) keeps every Library it makes after that, and counts it in
  the run's record;
- a run's class count may then be only its count as the code began plus what the watch made. One more
  is a Library the watch did not make, alive now; and the audit hook refuses a Library object another
  class (``__class__``: one of another class is not counted, and freed as one it never takes its kernels
  off: round 39's second attacker).

The same attacker needed none of that: a Library made openly (``torch.library.Library("aten", "IMPL")``,
through the watch, noted) registered the same kernels, and only the checks that ask where a pass started
read the note; torch's python dispatcher, turned on and left on with an ``OpOverload.py_impl`` kernel, was
read only as a pass ended. Now a Library the code makes for one of torch's namespaces (``aten``,
``prims``, ``_``: every namespace of an op as the zygote seals) counts as such a kernel, kept and alive
whatever the code does next; and so does the python dispatcher left on. A Library of a namespace of the
code's own defines ops of its own, and changes nothing torch computes.

"Kept for good" is a reference the process never gives back (``Py_IncRef``): no list the code could empty.
All this is read as a pass ends or a hook of the code's returns (a dispatch of the code's own, NOTE in
observe_dispatch.py), and before and after the grader reads a run's results (readfirst.read_in_order): a
kernel of the code's in place while the grader reads leaves nothing of the run to judge.

NOTE [kernels read whole]: who made a Library is told by the caller's file name, which code can forge
(round 39's third attacker: `compile(src, "<frozen importlib._bootstrap>", "exec")`, `<setup>`, a loader
whose file is torch's), and a finalizer of the code's can make one after the code, while the watch is off.
So as the grader reads, a run that made a Library or called one of the Library class's ways to add or
take off a kernel (watched on the class) has every aten op's registrations (`torch._C._dispatch_dump`) and
the dispatch keys with a backend fallback read against the zygote's, whoever registered them: 50 to 110
ms, in such runs only. What torch registers lazily is registered before the zygote seals (vmap's batching
rules) or read again after a later warm-up (``reseal``); compile's Libraries register on other namespaces'
ops. A custom op of the code's, in any namespace, changes no aten op.
"""

from __future__ import annotations

import ctypes
import gc
import sys

import torch

from tutor.grade.observe_state import _S

_len = len

_CLASS = getattr(torch._C, "_DispatchModule", None)
_C_NAMES = vars(torch._C)
_PYTHON_DISPATCHER = getattr(torch._C.DispatchKey, "PythonDispatcher", None)
_key_included = getattr(torch._C, "_dispatch_tls_is_dispatch_key_included", None)
_incref = ctypes.pythonapi.Py_IncRef
_incref.argtypes, _incref.restype = [ctypes.py_object], None
_SEALED: list = []
# torch's op namespaces as the zygote seals (`aten`, `prims`, ...), and "_", every op's fallback
_NAMESPACES: set = {"_"}
# every aten op's registrations and the keys with a backend fallback, as the zygote sealed; the Library
# class's ways to add or take off a kernel (NOTE [kernels read whole])
_ATEN: tuple = ()  # (op name, its dump): tuples, which pristine puts back before the grader reads
_FALLBACKS: tuple = ()
_REGISTERING = ("impl", "impl_t_t", "impl_with_aoti_compile", "fallback", "fallback_fallthrough", "def_",
                "def_legacy", "def_name_t_t", "def_schema_t_t", "define", "register_ad_inplace_or_view_fallback",
                "reset")
_dump = getattr(torch._C, "_dispatch_dump", None)
_has_fallback = getattr(torch._C, "_dispatch_has_backend_fallback", None)
_KEYS = tuple(getattr(torch._C.DispatchKey, "__members__", {}).values())


# NOTE [marks the code cannot clear]: round 40's second attacker registered a vmap kernel through a Library made
# openly, then set the run's record back (`_S.kernels_touched = False` & co.): the whole read never happened. So
# each way to register, and each Library the watch keeps, also adds a reference to a mark object the zygote made
# (Py_IncRef: no reference the code could drop, short of ctypes). The marks' counts and the Library class's are
# taken as the code begins into a local of the run's own frame (child.run: no code of the run's can rebind it),
# and the grader's reads compare them with the counts then: the record's flags only add reads, never spare one.
_MARKS: tuple = ()  # (touched mark, eager mark)


def marks_now(_getrefcount=sys.getrefcount) -> tuple:
    """The counts of references to the marks and to the Library class (() where nothing is sealed)."""
    m = _MARKS
    return (_getrefcount(m[0]), _getrefcount(m[1]), library_refs()) if m else ()


def _marked(at_start: tuple) -> tuple:
    """(a Library touched, one made for aten or every op's fallback) since ``at_start`` (marks_now's)."""
    now = marks_now()
    if not at_start or _len(now) != 3:
        return False, False
    return now[0] != at_start[0] or now[2] != at_start[2], now[1] != at_start[1]


def keep(library, args: tuple, learner: bool, _marks=(), _incref=_incref) -> None:
    """``library`` is never freed: its kernels stay, and so does its reference to its class. One the code
    made (``learner``) for a namespace of torch's ops (``args``: `_dispatch_library`'s) can change what
    they compute: round 39's second attacker made `aten::mean.dim` a sum through `torch.library.Library`."""
    if _SEALED and type(library) is _CLASS:
        _incref(library)
        if _marks:  # NOTE [marks the code cannot clear]
            _incref(_marks[0])
        _S.libraries_made += 1
        _S.kernels_touched = True
        namespace = args[1] if len(args) > 1 else None
        eager = type(namespace) is not str or namespace in _EAGER
        if eager:
            if _marks:
                _incref(_marks[1])
            _S.eager_library = True
        if learner or eager:
            note_namespace(namespace)


# The namespaces of the ops eager code runs: a Library for them made in a run is the code's, whoever the watch
# says made it, and the run cannot be judged (round 39's fourth attacker: made under a forged file name, a
# kernel that turned AccumulateGrad's `+=` into a copy for the code's passes alone, taken off before the grader
# read). What torch makes lazily in a run is for other namespaces (compile's `prims` fragments); vmap's aten
# rules are loaded as the zygote seals.
_EAGER = frozenset({"aten", "_"})


def note_namespace(namespace) -> None:
    """The code made a Library for ``namespace`` (``torch.library.Library``'s first argument)."""
    if _SEALED and (type(namespace) is not str or namespace in _NAMESPACES):
        _S.kernels_of_the_code = True


def holders() -> list:
    """Every Library object alive: torch's Library (``.m``) and python dispatcher (``.ref``) hold them
    (tests/grade/test_kernels_sealed.py holds this to a scan of every object's referents). Their
    instances are found as referrers of their classes (an instance refers to its class): one C scan."""
    stack = [k for k in (getattr(torch.library, "Library", None),
                         getattr(sys.modules.get("torch._python_dispatcher"), "PythonDispatcher", None)) if k]
    classes: list = []
    while stack:
        cls = stack.pop()
        classes.append(cls)
        stack.extend(type.__subclasses__(cls))
    out, seen = [], set()
    for obj in gc.get_referrers(*classes):
        if type(obj) in classes:
            for name in ("m", "ref"):
                library = vars(obj).get(name)
                if type(library) is _CLASS and id(library) not in seen:
                    seen.add(id(library))
                    out.append(library)
    return out


def seal() -> None:
    """The zygote, once, as it is ready (before the audit hook): every Library object alive, the class's own
    parts and its MRO, kept for good."""
    if _CLASS is None or _SEALED:
        return
    for part in [*holders(), *vars(_CLASS).values(), _CLASS.__mro__, _CLASS]:
        _incref(part)
    del part  # the class: a local is one more reference (the count below is read as a run reads it)
    _NAMESPACES.update(name.split("::")[0] for name in torch._C._dispatch_get_all_op_names())
    global _MARKS
    touched, eager = object(), object()
    keep.__defaults__ = ((touched, eager), _incref)
    _watch_registrations(touched)
    _MARKS = (touched, eager)
    reseal()
    _SEALED.append(True)


def reseal() -> None:
    """Every aten op's registrations as they stand (the zygote, as it seals, and after a warm-up that
    loaded more of torch): what a run's registrations are read against (NOTE [kernels read whole])."""
    if _dump is None or _has_fallback is None:
        return
    try:  # what vmap registers on its first call (eight aten ops' batching rules): here, not in a run
        from torch._functorch.predispatch import lazy_load_decompositions

        lazy_load_decompositions()
    except Exception:  # noqa: BLE001 - an older torch: a run that vmaps then reads whole, as it should
        pass
    global _ATEN, _FALLBACKS
    _ATEN = tuple((name, _dump(name)) for name in torch._C._dispatch_get_all_op_names() if name.startswith("aten::"))
    _FALLBACKS = tuple(_fallbacks())


def _fallbacks() -> list:
    out = []
    for key in _KEYS:
        try:
            if _has_fallback(key):
                out.append(key)
        except Exception:  # noqa: BLE001 - a key with no slot of its own (an alias) has none
            pass
    return out


def _watch_registrations(mark) -> None:
    """A Library's every way to add or take off a kernel notes that this run did (read whole, then). What a
    wrapper holds are positional-only defaults of an inner function (round 40's third attacker passed its own
    mark by keyword: a caller must now pass torch's original method first, which no run can read), and every
    wrapper is kept for good (freed, its defaults took references off the mark)."""
    for name in _REGISTERING:
        original = vars(_CLASS).get(name)
        if original is None:
            continue

        def register(self, args, kwargs, _original=original, _mark=mark, _incref=_incref, /):
            _incref(_mark)  # NOTE [marks the code cannot clear]
            _S.kernels_touched = True
            return _original(self, *args, **kwargs)

        def registering(self, *args, _register=register, **kwargs):
            return _register(self, args, kwargs)

        registering.__name__ = registering.__qualname__ = name
        _incref(registering)
        _incref(register)
        setattr(_CLASS, name, registering)


def _registrations_as_sealed() -> bool:
    """Every aten op has the kernels it had as the zygote sealed, and no dispatch key gained or lost a
    backend fallback (some 3,100 dumps: 50 to 110 ms, read only in a run that made or touched a Library)."""
    for name, before in _ATEN:
        if _dump(name) != before:
            return False
    return tuple(_fallbacks()) == _FALLBACKS


def library_refs(_count=sys.getrefcount, _class=_CLASS) -> int:
    """References to the Library class now."""
    return _count(_class)


def begin() -> None:
    """As the code begins: the count of references to the Library class, and how many of them objects the
    run made so far hold (the setup's: a count read later that differs takes the young ones off both)."""
    _S.libraries_base = library_refs() if _SEALED else None
    _S.libraries_young = _young_references() if _SEALED else 0
    _S.libraries_made, _S.kernels_of_the_code, _S.kernels_touched, _S.eager_library = 0, False, False, False


def python_dispatcher_on() -> bool:
    """torch's python dispatcher is on (NOTE [a kernel in python], observe_dispatch.py): every op then runs
    the python kernel its overload holds (`OpOverload.py_impl`)."""
    if _PYTHON_DISPATCHER is None or _key_included is None:
        return False
    try:
        return bool(_key_included(_PYTHON_DISPATCHER))
    except Exception:  # noqa: BLE001 - a state that cannot be read is not torch's plain one
        return True


def kernels_are_torchs(whole: bool = False, at_start: tuple = (), _names=_C_NAMES) -> bool:
    """No kernel of the code's is registered for torch's ops: no Library object alive but those the zygote
    kept and those the watch made in this run, the python dispatcher off, and then ``whole`` (as the grader
    reads) every aten op's registrations as sealed, where the run made or touched a Library; else (as a pass
    ends) no Library of the code's for a namespace of torch's. (The count first, and no local holding the
    class: a frame's local is one more reference to it.)"""
    base = _S.libraries_base
    if base is None or not _SEALED:
        return True
    refs, expected = library_refs(), base + _S.libraries_made
    if refs != expected and refs - _young_references() != expected - _S.libraries_young:
        return False  # more than the Libraries the watch made and the references of objects the run made
    if _names.get("_DispatchModule") is not _CLASS or python_dispatcher_on():
        return False
    if whole:  # as the grader reads: what is registered, whoever registered it (NOTE [kernels read whole])
        touched, eager = _marked(at_start)  # NOTE [marks the code cannot clear]
        return not (eager or _S.eager_library) and (not (touched or _S.kernels_touched) or _registrations_as_sealed())
    return not _S.kernels_of_the_code  # as a pass ends: a Library of the code's for torch's ops


def _young_references(_referrers=gc.get_referrers, _referents=gc.get_referents) -> int:
    """References to the class held by objects made since the zygote froze its heap (gc's reads skip the
    frozen ones): a learner's `inspect.getmembers(torch._C)` holds one and is no Library (round 39's second
    attacker's honest file read "kernels of its own"). An instance is no container gc tracks: a Library
    object is never among these. Read as the code begins, and again only where the count differs (the
    audit hook lets this function alone make the call)."""
    found = 0
    for holder in _referrers(_CLASS):
        found += sum(1 for part in _referents(holder) if part is _CLASS)
    return found
