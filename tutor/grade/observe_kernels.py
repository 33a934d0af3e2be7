"""Whether a Library object the watch did not see is alive: a kernel of the code's registered behind it.

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
- a run's class count may then be only its count as the code began plus what the watch made
  (``as_sealed``). One more is a Library the watch did not make, alive now.

"Kept for good" is a reference the process never gives back (``Py_IncRef``): no list the code could empty.
The count is read as a pass ends or a hook of the code's returns (a dispatch of the code's own, NOTE in
observe_dispatch.py) and before and after the grader reads a run's results (readfirst.read_in_order): a
kernel alive while the grader reads leaves nothing of the run to judge.
"""

from __future__ import annotations

import ctypes
import gc
import sys

import torch

from tutor.grade.observe_state import _S

_CLASS = getattr(torch._C, "_DispatchModule", None)
_C_NAMES = vars(torch._C)
_incref = ctypes.pythonapi.Py_IncRef
_incref.argtypes, _incref.restype = [ctypes.py_object], None
_SEALED: list = []


def keep(library) -> None:
    """``library`` is never freed: its kernels stay, and so does its reference to its class."""
    if _SEALED and type(library) is _CLASS:
        _incref(library)
        _S.libraries_made += 1


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
    _SEALED.append(True)


def library_refs(_count=sys.getrefcount, _class=_CLASS) -> int:
    """References to the Library class now: as a run begins, and as it is read."""
    return _count(_class)


def as_sealed(_names=_C_NAMES) -> bool:
    """No Library object alive but those the zygote kept and those the watch made in this run. (The count
    first, and no local holding the class: a frame's local is one more reference to it.)"""
    base = _S.libraries_base
    if base is None or not _SEALED:
        return True
    return library_refs() == base + _S.libraries_made and _names.get("_DispatchModule") is _CLASS
