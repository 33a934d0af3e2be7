"""Torch's operators' Python kernels, as the zygote left them. Runs in the worker (the zygote seals; runs read).

# NOTE [a kernel of the code's in python]: round 43's attacker registered a Python kernel of its own for an aten
# op a check computes with (`torch.ops.aten.matmul.default.py_impl(DispatchKey.AutogradCPU)(kernel)`: zeros for
# the check's `data.T @ r`; `aten.full_like` for make-a-leaf's slope), and turned torch's python dispatcher on
# only for that op, from a finalizer, and off before the check compared (round 42's guard watches
# `torch.allclose` alone): 10 of 10 and 7 of 7 for wrong answers. Such a kernel lives in one of an operator
# object's dicts, which the python dispatcher reads: ``py_kernels`` (what ``py_impl`` registers),
# ``_dispatch_cache`` (what it resolved, which code can also write) and ``python_key_table`` (a mode's). The
# zygote takes the versions of every operator's three dicts, and of each op namespace's and packet's dict (a
# packet keeps each overload it made: an op the zygote never touched is an overload made in a run); as the
# grader reads, one gather finds the dicts that moved, and only those are read. In a moved dict every kernel must
# be what the zygote found there, or a function of one of torch's modules, its globals that module's own dict
# (torch registers kernels lazily, as it imports modules and as the profiler or torch.compile run), or for
# ``_dispatch_cache`` a kernel of the same op's own ``py_kernels``, a dispatch key, or a handler torch/_ops.py
# makes, by its code object, bound to that op; else the run has a kernel of its own (the observed record's
# `kernels_of_its_own`). A file name is no proof: round 43's second attacker filed its kernel's code under a
# module of its own and under a torch module's file (`code.replace(co_filename=...)`). Early judging reads it too
# (NOTE [a check judged as torch was]). Left: a kernel registered and taken off again within one check of the
# probe phase; code exec'd into the globals of a torch module; a real function of torch's registered as the
# kernel of another op.
"""

from __future__ import annotations

import ctypes
import sys
import types

import torch

from tutor.grade.dictversions import _VERSION_OFFSET  # NOTE [dict versions] (pristine.py)

_DICTS = ("py_kernels", "_dispatch_cache", "python_key_table")
_SEALED: tuple = ((), None, b"", b"", (), frozenset())  # holders, view, where, versions, contents, the owners' ids
_type, _len, _id, _str, _isinstance, _issubclass = type, len, id, str, isinstance, issubclass
_FUNCTION, _METHOD = types.FunctionType, types.MethodType
_code = types.FunctionType.__code__.__get__
_method_func = types.MethodType.__func__.__get__
_DispatchKey = torch._C.DispatchKey
# an object's own dict, read through the descriptor of the class that made it (an attribute of the class, a
# property, would win over the instance's `py_kernels`)
_op_dict = vars(torch._ops.OperatorBase)["__dict__"].__get__
_packet_dict = vars(torch._ops.OpOverloadPacket)["__dict__"].__get__
_module_dict = vars(types.ModuleType)["__dict__"].__get__
_OperatorBase, _Packet = torch._ops.OperatorBase, torch._ops.OpOverloadPacket
_globals = types.FunctionType.__globals__.__get__
_closure = types.FunctionType.__closure__.__get__
_cell_contents = types.CellType.cell_contents.__get__
_TORCH_DIR = __import__("os").path.dirname(torch.__file__) + __import__("os").sep


def _handler_codes() -> frozenset:
    """The code objects of the handlers torch/_ops.py makes for a dispatch cache (functions nested in its methods)."""
    found, stack = [], [f.__code__ for cls in vars(torch._ops).values() if isinstance(cls, type)
                         and cls.__module__ == "torch._ops" for f in vars(cls).values() if _type(f) is _FUNCTION]
    while stack:
        code = stack.pop()
        for const in code.co_consts:
            if _type(const) is types.CodeType:
                found.append(const)
                stack.append(const)
    return frozenset(map(_id, found))


_HANDLER_CODES = _handler_codes()


def _holders() -> list:
    """(dict, what it belongs to) for every op namespace, packet and operator object there is."""
    ops = torch._ops
    found = []
    for ns in list(vars(torch.ops).values()):
        if not _isinstance(ns, ops._OpNamespace):
            continue
        found.append((vars(ns), ns))
        for packet in list(vars(ns).values()):
            if _isinstance(packet, ops.OpOverloadPacket):
                found.append((vars(packet), packet))
                found += [(getattr(op, name), op) for op in list(vars(packet).values())
                          if _isinstance(op, ops.OperatorBase) for name in _DICTS if _isinstance(
                              getattr(op, name, None), dict)]
    found += [(getattr(op, name), op) for op in list(ops._higher_order_ops.values()) for name in _DICTS
              if _isinstance(getattr(op, name, None), dict)]
    return found


def seal() -> None:
    """In the zygote, before the audit hook and after any warm-up (again after a later one)."""
    global _SEALED
    import numpy

    holders = _holders()
    if not holders:
        return
    at = numpy.array([_id(d) + _VERSION_OFFSET for d, _ in holders], dtype=numpy.uint64)
    order = numpy.argsort(at)  # in the order of memory: a gather that walks it forwards touches fewer pages
    holders = [holders[i] for i in order]
    at = at[order]
    base = int(at[0])
    view = numpy.ctypeslib.as_array(ctypes.cast(base, ctypes.POINTER(ctypes.c_uint64)),
                                    shape=((int(at[-1]) - base) // 8 + 1,))
    where = ((at - base) // 8).astype(numpy.intp)
    contents = tuple(frozenset(map(_id, d.values())) for d, _ in holders)
    _SEALED = (tuple(holders), view, where.tobytes(), view[where].tobytes(), contents,
               frozenset(_id(owner) for _, owner in holders))


def _found(_frombuffer=None, _intp=None, _uint64=None):
    """The positions of the sealed dicts whose versions moved (None: none sealed; all: no view to read)."""
    holders, view, where, known = _SEALED[0], _SEALED[1], _SEALED[2], _SEALED[3]
    if not holders:
        return None
    if view is None or _frombuffer is None:
        return range(_len(holders))
    return (view[_frombuffer(where, _intp)] != _frombuffer(known, _uint64)).nonzero()[0]


def kernels_as_sealed() -> bool:
    """No operator has a Python kernel the zygote did not find, but torch's own, registered lazily (NOTE [a
    kernel of the code's in python])."""
    moved = _found()
    if moved is None or not _len(moved):
        return True
    try:
        holders, contents, sealed_ids = _SEALED[0], _SEALED[4], _SEALED[5]
        # only where a dict moved: reading every module object would copy a page of each in a forked run
        torchs = _torchs_modules()
        for i in moved:
            d, owner = holders[i]
            if _issubclass(_type(owner), _OperatorBase):
                if not _kernels_ok(d, _op_dict(owner), owner, contents[i], torchs):
                    return False
                continue
            for op in list(d.values()):  # a namespace or packet: what it made since (a packet, an overload)
                kind = _type(op)
                if _id(op) in sealed_ids or not (_issubclass(kind, _Packet) or _issubclass(kind, _OperatorBase)):
                    continue
                inner = [op] if _issubclass(kind, _OperatorBase) else \
                    [o for o in list(_packet_dict(op).values()) if _issubclass(_type(o), _OperatorBase)]
                for o in inner:
                    own = _op_dict(o)
                    if not all(_kernels_ok(own.get(name, {}), own, o, frozenset(), torchs) for name in _DICTS):
                        return False
        return True
    except Exception:  # noqa: BLE001 - what cannot be read as torch's is not torch's
        return False


def _kernels_ok(d: dict, op: dict, owner, known: frozenset, torchs: dict) -> bool:
    """``d``, one of an operator's dicts (``op``: the operator's own dict), holds only torch's kernels."""
    if _type(d) is not dict:
        return False
    registered = op.get("py_kernels")
    cache = d is op.get("_dispatch_cache")
    own = [_id(v) for v in list(registered.values())] if cache and _type(registered) is dict else []
    for value in list(d.values()):
        if _id(value) in known or _id(value) in own or _type(value) is _DispatchKey:
            continue
        if not (_of_torchs_modules(value, torchs) or (cache and _torchs_handler(value, owner))):
            return False
    return True


def _function(value):
    """A plain function, or a bound method's; else None."""
    if _type(value) is _METHOD:
        value = _method_func(value)
    return value if _type(value) is _FUNCTION else None


def _of_torchs_modules(value, torchs: dict) -> bool:
    """A function of one of torch's modules, as its import made it: its globals are that module's own dict,
    whose file is the one its code says (round 43's second attacker filed its kernel's code under a module it
    made, and under the file of a torch module it had loaded, with `code.replace(co_filename=...)`). Torch
    registers kernels lazily from modules it had loaded already (the profiler: `print`'s for DTensor)."""
    function = _function(value)
    if function is None:
        return False
    filename = _code(function).co_filename
    module = torchs.get(filename) if _type(filename) is _str else None
    return module is not None and _globals(function) is _module_dict(module)


def _torchs_handler(value, owner) -> bool:
    """A handler `OpOverload._get_dispatch` makes (torch/_ops.py): its own code, bound to this operator."""
    function = _function(value)
    if function is None or _id(_code(function)) not in _HANDLER_CODES:
        return False
    for cell in _closure(function) or ():
        inside = _cell_contents(cell)
        if not (inside is owner or _type(inside) in (_DispatchKey, int, bool, _str, type(None))):
            return False
    return True


def _torchs_modules() -> dict:
    """{file: module} for torch's modules loaded from a file of torch's own folder, each in ``sys.modules`` under
    its own name (a module the code made and named so has a file of its choosing)."""
    files = {}
    for name, module in list(sys.modules.items()):
        if _type(name) is _str and name.startswith("torch.") and _type(module) is types.ModuleType:
            own = _module_dict(module)
            path = own.get("__file__")
            if _type(path) is _str and path.startswith(_TORCH_DIR) and own.get("__name__") == name:
                files[path] = module
    return files


def _numpy_defaults() -> None:
    import numpy

    _found.__defaults__ = (numpy.frombuffer, numpy.intp, numpy.uint64)


_numpy_defaults()  # as the module loads, before any audit hook: no run may set a function's defaults
