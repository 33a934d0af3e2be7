"""Classes the code made to run at a lookup, found without a lookup. Runs in the sandboxed child.

# NOTE [a class made to run at a lookup]: a dict lookup compares the name it looks for with each stored key
# of the same hash, by the stored key's ``__eq__``. Round 37's attacker stored keys of a class of its own
# (hash of "forward", "v" or "__torch_dispatch__"; ``__eq__`` a C callable, ``functools.partial(next,
# chain)``, which starts no frame) in the dicts the grader's reads look names up in: ``nn.Linear``'s own
# (reached through ``gc.get_referents``), an ``nn.Parameter`` subclass's, the code's globals after
# ``readfirst.clean`` copied them. Each lookup wrote a pass's numbers through ``.data`` and undid it within the
# same read, so no seal between reads saw it (13 full scores). No honest class needs a special method that is
# a C callable (a ``partial`` of one, a bound builtin, a ``methodcaller``) or a key in its dict that is not a
# plain str: a class made since the worker froze its heap (``gc.freeze``, zygote.py; ``gc.get_objects`` finds
# only those) holding either breaks the seal, and so does code that froze the heap again to hide its classes
# (a list made as the run began, held in the run's frame, is frozen with them; ``gc.get_freeze_count`` walks
# the whole frozen heap: 26 ms). The scan runs first among the reads, and itself looks nothing up where a key
# of the code's may be: dicts are iterated (their items by ``dict.items``, reached by ``gc.get_referents``),
# and attributes are read through the C types' own descriptors, captured at import.
"""

from __future__ import annotations

import ctypes
import datetime
import functools
import gc
import operator
import types
import typing
import weakref
from typing import Any

import torch

_type, _id, _list, _issubclass, _callable, _str_str = type, id, list, issubclass, callable, str.__str__
_get_objects, _referents, _dict_items = gc.get_objects, gc.get_referents, dict.items
_class_dict, _mro = type.__dict__["__dict__"].__get__, type.__dict__["__mro__"].__get__
_flags, _HEAPTYPE = type.__dict__["__flags__"].__get__, 1 << 9  # Py_TPFLAGS_HEAPTYPE
_FUNCTION, _SLOT, _BUILTIN = types.FunctionType, types.WrapperDescriptorType, types.BuiltinFunctionType
_staticmethod, _classmethod = staticmethod, classmethod  # no name is looked up in a module while it scans
_WEAKREF = weakref.ReferenceType


def _ids(*kinds) -> frozenset:
    return frozenset(map(_id, kinds))  # ints: a set of types would ask a metaclass of the code's to compare


# C types' own methods and descriptors: C code that type-checks what it is handed
_DESCRIPTORS = _ids(types.WrapperDescriptorType, types.MethodDescriptorType, types.GetSetDescriptorType,
                    types.MemberDescriptorType, types.ClassMethodDescriptorType)
_BOUND = _ids(types.BuiltinFunctionType, types.MethodWrapperType)  # harmless bound to a class only
_GETTERS = _ids(operator.attrgetter, operator.itemgetter)  # what runs then is the attribute's, checked in its class
_PROPERTY, _PARTIAL, _CACHED = property, functools.partial, functools._lru_cache_wrapper
_INSTANCEMETHOD = _type(vars(torch.Tag)["__eq__"])  # pybind11 wraps a class's methods in one (no module names it)
# pybind11's builtins are bound to a record of its own (a capsule in older releases)
_PYBIND = _ids(_type(datetime.datetime_CAPI), _type(getattr(vars(torch.Tag)["__eq__"].__func__, "__self__", None)))
# a tensor subclass's usual `__torch_function__` and `__torch_dispatch__`; typing.NewType's `__call__`
_SAFE_C = frozenset(_id(f) for f in (torch._C._disabled_torch_function_impl,
                                     getattr(torch._C, "_disabled_torch_dispatch_impl", None),
                                     vars(typing.NewType).get("__call__")) if f is not None)
# attributes read through the C types' descriptors, never looked up on the object
_sm_func, _cm_func = staticmethod.__func__.__get__, classmethod.__func__.__get__
_im_func = _INSTANCEMETHOD.__dict__["__func__"].__get__
_fget, _fset, _fdel = property.fget.__get__, property.fset.__get__, property.fdel.__get__
_builtin_self = types.BuiltinFunctionType.__dict__["__self__"].__get__
_slot_self = types.MethodWrapperType.__dict__["__self__"].__get__
_partial_func, _partial_args = functools.partial.func.__get__, functools.partial.args.__get__
_partial_keywords, _dict_values = functools.partial.keywords.__get__, dict.values
_PLAIN = _ids(str, int, float, bool, type(None))
# special methods the grader never makes run by reading: a hook object's `__call__ = partial(torch.clamp, ...)`
_NOT_READ = frozenset({"__call__", "__init__", "__new__", "__enter__", "__exit__", "__init_subclass__"})
_cached_dict = _CACHED.__dict__["__dict__"].__get__


def own_items(cls) -> list:
    """A class's own dict's items, with no lookup (``mappingproxy.items`` looks ``items`` up on the dict)."""
    for inner in _referents(_class_dict(cls)):
        if _type(inner) is dict:
            return _list(_dict_items(inner))
    return []


def plain_key(key) -> bool:
    """A str, or a str subclass that compares and hashes as str or another C type does (an ``enum.StrEnum``
    member, numpy's ``str_``): a lookup that meets it runs nothing of the code's."""
    kind = _type(key)
    if kind is str:
        return True
    try:
        if not _issubclass(kind, str):
            return False
        eq = hashes = None
        for klass in _mro(kind):
            for name, value in own_items(klass):
                if _type(name) is not str:
                    return False
                if name == "__eq__" and eq is None:
                    eq = value
                elif name == "__hash__" and hashes is None:
                    hashes = value
        return _type(eq) is _SLOT and _type(hashes) is _SLOT
    except Exception:  # noqa: BLE001 - not a class as type knows it
        return False


def str_items(items: list) -> tuple:
    """(``items`` with each key a plain str, whether a key was dropped): a key that compares as str does
    (``plain_key``) is made one; any other is dropped. For the namespace's copy and a module's own dict."""
    out, odd = [], False
    for key, value in items:
        if _type(key) is str:
            out.append((key, value))
        elif plain_key(key):  # `globals()[Name("y")]`, `setattr(m, StrEnum.X, v)` (round 37's honest files)
            out.append((_str_str(key), value))
        else:
            odd = True
    return out, odd


def _harmless(value) -> bool:
    """A class attribute that runs nothing of the code's but a Python function (a frame the watch sees)."""
    kind = _type(value)
    if kind is _FUNCTION or _id(kind) in _DESCRIPTORS or _id(value) in _SAFE_C or _id(kind) in _GETTERS:
        return True
    if kind is _WEAKREF:  # calling one hands back what it refers to (attrs' `__attrs_base_of_slotted__`: round 43)
        return True
    if _id(kind) in _BOUND:  # a C class's `__new__` or class method (bound to a class), pybind11's
        owner = (_builtin_self if kind is _BUILTIN else _slot_self)(value)
        return owner is None or _issubclass(_type(owner), type) or _id(_type(owner)) in _PYBIND
    if kind is _INSTANCEMETHOD:
        return _harmless(_im_func(value))
    if kind is _staticmethod or kind is _classmethod:
        return _harmless((_sm_func if kind is _staticmethod else _cm_func)(value))
    if kind is _PARTIAL:  # of a Python function, with plain data (torch's Placement.__eq__): a frame the watch
        # sees, if the function is the code's; a library's with objects of the code's may run anything (round 37's
        # second attacker: `partial(copyreg._reconstructor, steps, SimpleNamespace(__new__=next, ...))`)
        return _type(_partial_func(value)) is _FUNCTION and all(
            _id(_type(a)) in _PLAIN for a in (*_partial_args(value), *_dict_values(_partial_keywords(value))))
    if kind is _CACHED:  # functools.cache of a function
        wrapped = [v for k, v in _dict_items(_cached_dict(value)) if _type(k) is str and k == "__wrapped__"]
        return bool(wrapped) and _harmless(wrapped[0])
    if _issubclass(kind, _PROPERTY):  # a subclass too: its getter runs as property's does (round 41)
        return all(f is None or _harmless(f) for f in (_fget(value), _fset(value), _fdel(value)))
    return not _callable(value) or _issubclass(kind, type)


def note_start() -> list:
    """As a run begins, before its setup: a new object for ``classes_made_to_run``, which the run's frame holds
    (the code cannot put another in its place)."""
    return []


def _runs(cls) -> bool:
    """``cls``'s own dict holds a key that is not a plain str, or a special method or property that runs C code."""
    for name, value in own_items(cls):
        if _type(name) is not str:
            if not plain_key(name):
                return True
        elif (_issubclass(_type(value), _PROPERTY) or (name[:2] == "__" == name[-2:] and name not in _NOT_READ)) \
                and not _harmless(value):  # a subclass of property too (round 41's second attacker)
            return True
    return False


def classes_made_to_run(started: Any) -> bool:
    """A class made since the worker froze its heap with a key that is not a plain str in its dict, or a special
    method (or a property) that is a C callable; an object made since whose class, or a base of it, has one (a
    class the worker had, changed by the code: round 38's `UserString.__eq__ = partial(...)`, its instance a key
    in a module's `__dict__`); or the heap frozen again since ``started`` was made."""
    frozen, seen = started is not None, set()
    for obj in _get_objects():
        if obj is started:
            frozen = False
        kind = _type(obj)
        if _issubclass(kind, type):
            if _runs(obj) or (_issubclass(obj, _NODE) and not _node_class_as_made(obj)):
                return True
            continue
        if _id(kind) in seen:
            continue
        seen.add(_id(kind))
        if _flags(kind) & _HEAPTYPE:  # a static C type's dict cannot change
            for klass in _mro(kind):
                if _flags(klass) & _HEAPTYPE and not _unchanged(klass) and _runs(klass):
                    return True
    return frozen


# NOTE [an attribute that hides torch's]: round 43's attacker gave a tensor bound to a name an instance
# attribute `detach` (a check's `w.detach()` found it before the method), gave a Function's node `ctx` its own
# `_forward_cls` (a check that replays `y.grad_fn._forward_cls.apply(...)` replayed another Function), and gave
# the node class torch made for a Function of the code's a property `next_functions` that answered `()` to
# frames of a check only (6 full scores). No learner needs either: a callable in a plain tensor's or a node's
# instance dict under a name of its class's (one that is no data descriptor: those win anyway), and a key in a
# node class's dict that torch's `FunctionMeta` does not put there, break the seal as a class made to run at a
# lookup does.
_NODE = torch.autograd.function.BackwardCFunction
_NODE_KEYS = frozenset({"__doc__", "__module__", "_autograd_function_id", "_forward_cls", "__qualname__"})
_tensor_dict = vars(torch.Tensor)["__dict__"].__get__
_node_dict = vars(_NODE)["__dict__"].__get__
_grad_fn = torch._C.TensorBase.grad_fn.__get__


def _non_data(*classes) -> frozenset:
    """The names of the attributes of ``classes`` (and their bases) that an instance's own dict would hide."""
    return frozenset(name for cls in classes for klass in cls.__mro__ for name, value in vars(klass).items()
                     if not (hasattr(type(value), "__set__") or hasattr(type(value), "__delete__")))


_TENSOR_NAMES = _non_data(torch.Tensor, torch.nn.Parameter)
_NODE_NAMES = _non_data(_NODE) | _NODE_KEYS


def _node_class_as_made(cls) -> bool:
    """Only the keys FunctionMeta puts in a node class's dict, its `_forward_cls` the Function whose own
    `_backward_cls` it is (round 43's second attacker rebound `_forward_cls` on the class: a replay, and every
    later pass through the node, ran another Function's backward)."""
    items = own_items(cls)
    if not all(_type(key) is str and key in _NODE_KEYS for key, _ in items):
        return False
    made = [value for key, value in items if key == "_forward_cls"]
    return not made or (_issubclass(_type(made[0]), type) and any(
        _type(key) is str and key == "_backward_cls" and value is cls for key, value in own_items(made[0])))


def _hides(d: dict, names: frozenset) -> bool:
    """A key that is no plain str, or a name of the class's given a callable: a value that is not one hides
    nothing a check calls (round 43's learner's typo `p.requires_grad_ = False` hears what it froze)."""
    return any(_type(key) is not str or (key in names and _callable(value)) for key, value in _list(_dict_items(d)))


def hides_torchs(tensor) -> bool:
    """A plain tensor whose own dict, or whose node's (a Function's ``ctx``), hides an attribute of its class,
    or whose class is one of the code's that does (``class_hides``)."""
    try:
        if class_hides(tensor) or _hides(_tensor_dict(tensor), _TENSOR_NAMES):
            return True
        node = _grad_fn(tensor)
        return _issubclass(_type(node), _NODE) and _hides(_node_dict(node), _NODE_NAMES)
    except Exception:  # noqa: BLE001 - a tensor that no longer reads: the seal finds it so
        return False


# Round 44's attacker: an `nn.Parameter` subclass of the code's whose `detach` handed a check `init` (read as a
# plain Parameter: it changes neither __torch_function__ nor __torch_dispatch__), and a tensor's class swapped
# after the code for one whose `detach` or hook dict answered checks (audit.py refuses that swap now). A class
# torch did not make (not among the tensor classes the zygote had) may give no name of Tensor's or Parameter's
# a callable or a descriptor, but what only makes, shows or copies an object.
_SHOWN = frozenset({"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__", "__init__", "__new__",
                    "__repr__", "__str__", "__format__", "__annotations__", "__slots__", "__init_subclass__",
                    "__firstlineno__", "__static_attributes__", "__orig_bases__", "__parameters__",
                    # what copies or pickles it (a subclass with state of its own writes its `__deepcopy__`)
                    "__deepcopy__", "__copy__", "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__"})
_CLASS_NAMES = frozenset(name for cls in (torch.Tensor, torch.nn.Parameter) for klass in cls.__mro__
                         for name in vars(klass)) - _SHOWN
_mro_of = type.__dict__["__mro__"].__get__
_DISPATCH = frozenset({"__torch_function__", "__torch_dispatch__"})


def class_hides(tensor, own_dispatch: bool = True) -> bool:
    """``tensor``'s class, or a base of it, is not torch's and names an attribute of Tensor's or Parameter's;
    without ``own_dispatch``, a class with a dispatch of its own hides nothing (it is read as no tensor)."""
    return classes_hide(_type(tensor), own_dispatch)


def classes_hide(cls, own_dispatch: bool = True) -> bool:
    """``class_hides`` for instances of ``cls``."""
    return hiding_name(cls, own_dispatch) is not None


def hiding_name(cls, own_dispatch: bool = True) -> str | None:
    """The name of Tensor's or Parameter's by which ``cls`` hides one (``"?"`` for a key that is no str), or
    None (``classes_hide``): the learner's words say which (feedback.py)."""
    found = None
    for klass in _mro_of(cls):
        if _id(klass) in TORCH_TENSOR_CLASSES or klass is object:
            continue
        for key, value in own_items(klass):
            if _type(key) is not str:
                return "?"
            if key in _DISPATCH and not own_dispatch:
                return None
            # a value no check calls or reads through (`name = "x"`) hides nothing, as in an instance's dict
            if found is None and key in _CLASS_NAMES and (_callable(value) or _descriptor(value)):
                found = key
    return found


def _descriptor(value) -> bool:
    """A descriptor (a property, a classmethod...), its class's keys read lookup-free (``own_items``)."""
    return any(_type(key) is str and key in _DESCRIPTOR for klass in _mro_of(_type(value))
               for key, _ in own_items(klass))


_DESCRIPTOR = frozenset({"__get__", "__set__", "__delete__"})


_subclasses = type.__dict__["__subclasses__"]


def _below(root) -> list:
    """``root`` and every class below it, by a walk of each class's subclasses (type's own slot)."""
    out, stack, seen = [root], [root], {_id(root)}
    while stack:
        for sub in _subclasses(stack.pop()):
            if _id(sub) not in seen:
                seen.add(_id(sub))
                stack.append(sub)
                out.append(sub)
    return out


def _tensor_classes() -> frozenset:
    return frozenset(_id(cls) for cls in _below(torch._C.TensorBase))


TORCH_TENSOR_CLASSES = _tensor_classes()  # ids of the tensor classes torch made: as imported, then the zygote's


def is_tensor(value) -> bool:
    """An instance of torch's tensor base, by its class's MRO (``isinstance`` asks the object)."""
    return torch._C.TensorBase in _mro_of(_type(value))


def _real(cls) -> dict | None:
    for inner in _referents(_class_dict(cls)):
        if _type(inner) is dict:
            return inner
    return None


def _version(d: dict, _id=id, _at=ctypes.c_uint64.from_address) -> int:
    return _at(_id(d) + 24).value  # NOTE [dict versions] (pristine.py): read only where pristine found them usable


def _unchanged(cls, _version=_version) -> bool:
    """``cls`` was found running nothing when the worker was made, and its dict has not moved since (NOTE [dict
    versions], pristine.py): a frozenset, which pristine puts back if the code rebinds it."""
    real = _real(cls)
    return real is not None and (_id(cls), _version(real)) in CLEAN


CLEAN: frozenset = frozenset()  # (id of a class, its dict's version) for each class the worker had, found clean




def _heap_classes() -> list:
    """Every heap class alive, by a walk of each class's subclasses from `object` (some 3,700 of 4,800 classes
    in 8 ms), where a read of every object the collector tracks missed the classes `gc.freeze` had hidden: a
    second snapshot, after a warm-up, found only the warm-up's classes clean."""
    return [cls for cls in _below(object) if _flags(cls) & _HEAPTYPE]


def note_clean(versions: bool) -> None:
    """In the zygote, as pristine takes its snapshot: the classes there are, which ``_runs`` finds clean. A
    class a snapshot before found clean, its dict's version unchanged since (NOTE [dict versions]), is clean
    still: the snapshot after a warm-up reads only what changed."""
    global CLEAN, TORCH_TENSOR_CLASSES
    TORCH_TENSOR_CLASSES = _tensor_classes()
    found, known = [], CLEAN
    if versions:
        for cls in _heap_classes():
            real = _real(cls)
            if real is not None:
                key = (_id(cls), _version(real))
                if key in known or not _runs(cls):
                    found.append(key)
    CLEAN = frozenset(found)
