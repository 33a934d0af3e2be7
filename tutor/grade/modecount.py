"""The count of modes of the code's pushed, read before and after each check (NOTE [a mode pushed within a
check], observe_dispatch.py), and which modes it counts.

NOTE [a mark no run can reach]: round 41 counted a push as a reference to a module global object, read by
`sys.getrefcount`. Round 42's second attacker reached the object through `sys.modules`, kept a hundred
references to it, and dropped as many as its pushes (and the guarded comparison: NOTE [a comparison no kernel
of the code's answers], compare_guard.py) had added: the count read the same before and after each check. The
mark now lives only in the defaults of ``note_push`` and ``count_pushes``, whose reads the audit hook refuses
(audit.py), and neither runs anything of the code's while its frame holds it. A wrapper holds ``note_push``
(calling it only adds to the count).

NOTE [torch's modes, as the zygote sealed them]: the same attacker had its mode class counted as torch's:
a class made at the top of the code passed the check of who made it (its frame read one too far), a class
compiled with the file name of an import passed it too, and the dict of torch's classes was the run's to
write. Which modes are torch's is now decided from pristine's sealed record (NOTE [the record sealed],
pristine.py): the subclasses of TorchDispatchMode and TorchFunctionMode the zygote held as it sealed, each
with the method it resolves (`__torch_dispatch__`, `__torch_function__`), by identity. A mode of a class torch
made later in a run counts as the code's: a check it is pushed in is void (none of the corpus's).
"""

from __future__ import annotations

import sys

from tutor.grade import pristine
from tutor.grade.modeclasses import METHODS, resolved
from tutor.grade.observe_kernels import _incref

_object_getattribute = object.__getattribute__


def _marks() -> tuple:
    mark = object()

    def note_push(_mark=mark, _incref=_incref, /) -> None:
        _incref(_mark)

    def count_pushes(_mark=mark, _count=sys.getrefcount, /) -> int:
        return _count(_mark)

    _incref(note_push)  # kept for good: freed, its defaults would take a reference off the mark
    _incref(count_pushes)
    return note_push, count_pushes


note_push, count_pushes = _marks()


def torchs(mode, kind: int, _sealed=pristine.sealed, _type=type, _vars=vars, _hasattr=hasattr, _str=str,
           _resolved=resolved, _getattribute=_object_getattribute, _methods=METHODS) -> bool:
    """``mode`` (``kind`` 0: a dispatch mode, 1: a function mode) is of a class torch's zygote held, finds the
    method that class had there, and holds none of its own; anything unreadable is not torch's. Nothing of the
    code's runs here: ids and identities first, then only torch's classes' dicts (which no run can give a key of
    its own) and the mode's own dict, whose keys are read by type before any lookup (a key of the code's could
    run its `__eq__` at one)."""
    record = _sealed()
    if record is None or len(record) < 8:
        return False
    cls = _type(mode)
    entry = record[7][kind].get(id(cls))
    if entry is None or entry[0] is not cls:
        return False
    try:
        if _resolved(cls, _methods[kind]) is not entry[1]:
            return False
        own = _vars(mode)
        for key in own:
            if _type(key) is not _str:
                return False
        if _methods[kind] in own:
            return False
    except TypeError:  # no __dict__ on the mode: nothing of its own
        pass
    except Exception:  # noqa: BLE001
        return False
    return _type.__getattribute__(cls, "__getattribute__") is _getattribute and not _hasattr(cls, "__getattr__")
