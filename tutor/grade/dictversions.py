"""Whether NOTE [dict versions] (pristine.py) holds on this interpreter: found once per process."""

from __future__ import annotations

import ctypes
import gc
import sys

_VERSION_OFFSET = 3 * 8  # PyDictObject: ob_refcnt, ob_type, ma_used, then ma_version_tag (64-bit CPython)


def _version(d: dict, _id=id, _offset=_VERSION_OFFSET, _at=ctypes.c_uint64.from_address) -> int:
    return _at(_id(d) + _offset).value


def dict_versions_work() -> bool:
    if not _VERSIONS_WORK:
        _VERSIONS_WORK.append(_check_dict_versions())
    return _VERSIONS_WORK[0]


_VERSIONS_WORK: list = []  # found once (its probe class's dict is read through gc.get_referents)


def _check_dict_versions() -> bool:
    """NOTE [dict versions] holds on this interpreter: CPython 3.11 to 3.13
    on a 64-bit build, and every kind of change is seen (checked here, on a
    module and a class of our own, once per snapshot)."""
    if sys.implementation.name != "cpython" or not (3, 11) <= sys.version_info[:2] <= (3, 13) \
            or sys.maxsize != 2 ** 63 - 1:
        return False
    try:
        import types

        module, cls = types.ModuleType("_probe"), type("_Probe", (), {})
        for target in (module, cls):
            d = vars(target) if type(vars(target)) is dict else \
                next(r for r in gc.get_referents(vars(target)) if type(r) is dict)
            seen = [_version(d)]
            setattr(target, "a", object())
            seen.append(_version(d))
            setattr(target, "a", object())
            seen.append(_version(d))
            delattr(target, "a")
            seen.append(_version(d))
            if len(set(seen)) != len(seen):
                return False
        code = compile("def f(v):\n    global g\n    g = v\n", "<probe>", "exec")
        exec(code, vars(module))
        d = vars(module)
        seen = [_version(d)]
        for _ in range(20):  # past the interpreter's specialisation of STORE_GLOBAL
            module.f(object())
            seen.append(_version(d))
        return len(set(seen)) == len(seen)
    except Exception:  # noqa: BLE001  (then every target is put back, as always)
        return False
