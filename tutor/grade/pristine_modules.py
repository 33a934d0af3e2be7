"""What a run may have changed in library modules that are no target of pristine's, put back for the probes.

NOTE [a function rebound in a library module]: round 40's attacker rebound functions in torch modules no target
of pristine's is: `torch.autograd.gradcheck._allclose_with_type_promotion` (every gradcheck the probes ran then
passed) and `torch._functorch`'s `grad_impl` and `vmap_impl` (the probes' own `torch.func` calls ran the code's
stand-ins). Its second attacker changed `torch.autograd.gradcheck`'s keyword defaults in place
(`__kwdefaults__["atol"] = 1e9`: reading a torch function's defaults is no crime, and the function is the same
object). As pristine's snapshot is taken (in the zygote, once a worker), each library module's callables are
kept, and each of their functions' keyword-defaults dicts with a copy of it, all behind mappingproxies, which no
run can write through. In the probe process, every module dict whose version moved (pristine's gather, NOTE
[dict versions]) gets its callables back and loses a name added since that shadows a builtin; every
keyword-defaults dict whose version moved gets its items back. State that is not callable stays, and so do new
names. A module the run imported itself is not put back (docs/grading.md, "What the sandbox does not cover").
"""

from __future__ import annotations

import builtins
import ctypes
import sys
import types

from tutor.grade.dictversions import _VERSION_OFFSET, _version

_KEPT: tuple = ()  # per module of pristine's _MODULE_DICTS: (its callables, its names a builtin has), or None
_UNWATCHED: frozenset = frozenset()  # indices into _KEPT of the modules torch sets and sets back itself
# Modules whose globals torch itself sets inside a pass and sets back (NOTE [set and put back within a check]):
# compiled autograd's `_disable` and a fake kernel's context getter, found by the learner corpus; forward AD's
# dual level, by tests/grade/test_how_checks.py's gradcheck with check_forward_ad
STATEFUL = frozenset({"torch._dynamo.compiled_autograd", "torch._library.fake_impl", "torch.autograd.forward_ad"})
_BUILTIN_NAMES = frozenset(vars(builtins))
_DEFAULTS: tuple = ((), (), None, b"", b"")  # keyword-defaults dicts; their copies; a view of memory; where; versions


def versions_view(dicts: tuple, numpy) -> tuple:
    """(a view of memory, where each dict's version lies in it, the versions now): one gather reads them all,
    and no dict's reference count is written (in a fork, each write copies a page)."""
    at = numpy.array([id(d) + _VERSION_OFFSET for d in dicts], dtype=numpy.uint64)
    base = int(at.min())
    view = numpy.ctypeslib.as_array(ctypes.cast(base, ctypes.POINTER(ctypes.c_uint64)),
                                    shape=((int(at.max()) - base) // 8 + 1,))
    where = ((at - base) // 8).astype(numpy.intp)
    return view, where.tobytes(), view[where].tobytes()  # bytes: read-only to the code


def note(modules: list, versions: bool) -> None:
    """In the zygote, with pristine's snapshot: ``modules`` are (name, module), in the order of its gather."""
    global _KEPT, _DEFAULTS, _UNWATCHED
    import numpy

    kept, dicts, copies = [], [], []
    for name, module in modules:
        if name in ("__main__", "__mp_main__") or name == "tutor" or name.startswith("tutor."):
            kept.append(None)  # the code's own, and the grader's (pristine's targets)
            continue
        space = vars(module)
        space.setdefault("__warningregistry__", {})  # NOTE [set and put back within a check]
        functions = {k: v for k, v in space.items() if type(k) is str and callable(v)}
        kept.append((types.MappingProxyType(functions), _BUILTIN_NAMES.intersection(space)))
        for value in functions.values():
            try:  # a grader's function a library holds (a wrapper of the warm-up's): its defaults are not read
                defaults = value.__kwdefaults__ if type(value) is types.FunctionType else None
            except RuntimeError:  # NOTE [no reach into the grader's objects] (audit.py), once the hook is in
                continue
            if type(defaults) is dict and defaults:
                dicts.append(defaults)
                copies.append(types.MappingProxyType(dict(defaults)))
    _KEPT = tuple(kept)
    _UNWATCHED = frozenset(i for i, (name, _) in enumerate(modules) if name in STATEFUL)
    view = versions_view(tuple(dicts), numpy) if versions and dicts else (None, b"", b"")
    _DEFAULTS = (tuple(dicts), tuple(copies), *view)


def _moved(view, where: bytes, known: bytes, count: int, _frombuffer=None, _intp=None, _uint64=None):
    if view is None or _frombuffer is None:
        return range(count)
    return (view[_frombuffer(where, _intp)] != _frombuffer(known, _uint64)).nonzero()[0]


def state() -> tuple:
    """What was kept (for ``changed``: taken by the grader before the code's functions run again)."""
    return _KEPT, _DEFAULTS, _UNWATCHED


def _moved_modules(module_dicts: tuple, kept: tuple, _len=len, _moved=_moved):
    """(its dict, its callables as kept, its names a builtin has) for each module whose dict's version moved."""
    spaces, view, where, known = module_dicts
    for i in _moved(view, where, known, _len(spaces)):
        if i < _len(kept) and kept[i] is not None:
            yield (spaces[i], *kept[i])


def put_back(module_dicts: tuple, kept: tuple | None = None, _type=type, _str=str, _list=list, _missing=object(),
             _builtins=_BUILTIN_NAMES, _clear=dict.clear, _update=dict.update, _len=len, _items=dict.items,
             _keep=None) -> None:
    """In the probe process, after pristine's targets: ``module_dicts`` is pristine's gather of module dicts,
    ``kept`` what ``state()`` gave as pristine's record was sealed (NOTE [the record sealed], pristine.py).
    ``_keep``: what is taken away is kept alive (NOTE [the code's leftovers], leftovers.py)."""
    kept = state() if kept is None else kept
    graveyard: list = []
    for d, functions, names in _moved_modules(module_dicts, kept[0]):
        for name, value in functions.items():
            was = d.get(name, _missing)
            if was is not value:
                graveyard.append(was)
                d[name] = value
        for name in [n for n in _list(d) if _type(n) is _str and n in _builtins and n not in names]:  # added
            graveyard.append(d[name])
            del d[name]
    dicts, copies, view, where, known = kept[1]
    for i in _moved(view, where, known, _len(dicts)):
        graveyard.append(_list(_items(dicts[i])))
        _clear(dicts[i])
        _update(dicts[i], copies[i])
    if _keep is not None:
        _keep(graveyard)


def changed(module_dicts: tuple, kept: tuple, _type=type, _str=str, _missing=object(), _builtins=_BUILTIN_NAMES,
            _len=len, _moved=_moved, _moved_modules=_moved_modules) -> bool:
    """What ``put_back`` would put back differs now (NOTE [the code's functions run by the probes]); ``kept``:
    ``state()``, taken before the code's functions ran (they could rebind this module's globals)."""
    for d, functions, names in _moved_modules(module_dicts, kept[0]):
        for name, value in functions.items():
            if d.get(name, _missing) is not value:
                return True
        for name in d:
            if _type(name) is _str and name in _builtins and name not in names:
                return True
    dicts, copies, view, where, known = kept[1]
    for i in _moved(view, where, known, _len(dicts)):
        now, was = dicts[i], copies[i]
        if _len(now) != _len(was) or any(now.get(k, _missing) is not v for k, v in was.items()):
            return True
    return False


# NOTE [set and put back within a check]: round 41's attacker set a trick from its Function's `forward` while a
# probe ran it (gradcheck's allclose, `Tensor.mean = Tensor.sum`, `no_grad`'s methods) and took it off again in
# its `backward` before the probe was over, so that what `changed` compares was as it had been. A dict's version
# moves with every change and never comes back, so before each probe that runs the code's functions the grader
# reads the versions of every dict `changed` reads (a library module's, a function's keyword defaults, a
# target's), and after it: where one moved, the probe's result is void as for a change left in place. The
# grader's own modules and the code's `__main__` are not watched: their state changes as they run. Nor is a
# package's dict that only gained the submodules imported during the probe (its count of names grew by as many,
# read by the same gather: an import torch does lazily, in a path the warm-up did not take); nor are the few
# modules whose globals torch itself sets and sets back inside a pass (``STATEFUL``: a trick set and taken off
# there is not seen). A library module's first warning finds its `__warningregistry__` made already (``note``).
def versions_now(module_dicts: tuple, kept: tuple, targets: tuple, _version=None, _frombuffer=None, _intp=None,
                 _modules=None, _len=len):
    """The versions of the watched dicts now (``kept``: ``state()``; ``targets``: pristine's targets' dicts),
    the module dicts' counts of names, and how many modules are loaded."""
    view, where = module_dicts[1], module_dicts[2]
    defaults_view, defaults_where = kept[1][2], kept[1][3]
    at = None if view is None else _frombuffer(where, _intp)
    return (b"" if view is None else view[at].tobytes(),
            b"" if defaults_view is None else defaults_view[_frombuffer(defaults_where, _intp)].tobytes(),
            tuple(_version(d) for d in targets), b"" if view is None else view[at - 1].tobytes(), _len(_modules))


MOVED, IMPORTED = 2, 1  # what ``moved_since`` found: a watched dict changed; only packages gained submodules


def moved_since(module_dicts: tuple, kept: tuple, targets: tuple, seen: tuple, _len=len, _frombuffer=None,
                _uint64=None, _versions_now=versions_now, _modules=None, _list=list, _int=int, _get=dict.get,
                _str=str, _type=type) -> int:
    """MOVED where a watched dict changed since ``seen`` (``versions_now``), however it looks now; IMPORTED where
    the only dicts that moved are packages' that gained as many names as submodules were loaded meanwhile (the
    grader then reads the probe again, strictly: the code could load or forge one to hide a change); else 0."""
    now = _versions_now(module_dicts, kept, targets)
    if now[1] != seen[1] or now[2] != seen[2]:
        return MOVED
    if now[0] == seen[0]:
        return 0
    spaces, library = module_dicts[0], kept[0]
    grown = _frombuffer(now[3], _uint64).astype("int64") - _frombuffer(seen[3], _uint64).astype("int64")
    imported, found = _list(_modules)[seen[4]:], 0
    for i in (_frombuffer(now[0], _uint64) != _frombuffer(seen[0], _uint64)).nonzero()[0]:
        if i >= _len(library) or library[i] is None or i in kept[2]:
            continue  # the grader's own, the code's __main__, or one torch sets and sets back itself
        space = spaces[i]
        prefix = _get(space, "__name__", None)
        subs = [n for n in imported if _type(n) is _str and _type(prefix) is _str and n.rpartition(".")[0] == prefix
                and _get(space, n.rpartition(".")[2], None) is _get(_modules, n, 0)]
        if _int(grown[i]) != _len(subs) or not subs:
            return MOVED
        found = IMPORTED
    return found


def _numpy_defaults() -> None:
    import numpy

    _moved.__kwdefaults__ = None
    _moved.__defaults__ = (numpy.frombuffer, numpy.intp, numpy.uint64)
    versions_now.__defaults__ = (_version, numpy.frombuffer, numpy.intp, sys.modules, len)
    moved_since.__defaults__ = (len, numpy.frombuffer, numpy.uint64, versions_now, sys.modules, list, int, dict.get,
                                str, type)


_numpy_defaults()  # as the module loads, before any audit hook: no run may set a function's defaults
