"""What is the code's among the objects torch is given: a mode's state, a profile function.

See NOTE [a torch mode that calls the code] below; observe_dispatch.py asks it of every mode of torch's
classes on the dispatch stack, and of the profile and trace functions set, as a judged pass starts and
ends and after each hook of the code's.
"""

from __future__ import annotations

import functools
import gc
import os
import sys
import sysconfig
import types
import weakref

import torch

from tutor.grade.observe_state import _OURS, _TORCH_DIR, CODE_FILE, SETUP_FILE, _isinstance, _tuple, _type, setup_code

# read in a run of the code's, which may have replaced the builtins
_vars, _getattr, _str, _dict, _id, _len, _set = vars, getattr, str, dict, id, len, set
_modules = sys.modules
_referents = gc.get_referents
_PROXIES = (weakref.ProxyType, weakref.CallableProxyType)
# Installed packages are found where this interpreter's paths say, and in every other site-packages folder
# on its path as the worker starts (a venv that shares another's packages by a .pth file: round 35's run as
# a normal user read sympy, under torch.compile, as the code's). The code is compiled from no file.
_LIBRARIES = {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")} | {
    p for p in sys.path if isinstance(p, str) and os.path.isabs(p)
    and os.path.basename(p.rstrip(os.sep)) in ("site-packages", "dist-packages")}


# NOTE [a torch mode that calls the code]: some of torch's modes run callables they are given as each op
# returns: FlopCounterMode's formulas (`custom_mapping`, and a formula marked `_get_raw` gets the op's
# output), and round 31's third attacker's formula for `mul` wrote `grad * a`, worked out by hand, into
# the pass's result. A mode of torch's class is torch's own only if no function of the code's is
# reachable from it: its attributes, the items of containers and the attributes of torch's objects among
# them (modules and ops aside), the closures and defaults of torch's functions, the callable a wrapper it
# holds wraps (functools.lru_cache's __wrapped__: round 31's fourth attacker), and the methods of the
# classes of what it holds (a dict of the code's class is the code's too), and what the collector reads an
# object of another library's class to hold. Past MOST_READ values, or _DEEPEST levels down, it is read
# no further (another library's objects cost no level: a chain of them is read until MOST_READ): past
# MOST_READ, it is the code's. "The code's": compiled
# from no file of torch, of the grader's, of the standard library or of an installed package (NOTE [a
# call through torch's own helpers]); of a class's methods, exec makes a namedtuple's and a dataclass's
# in a library's globals, which are not.
MOST_READ, _DEEPEST = 4096, 6
_NOT_CODES = tuple(p + os.sep for p in {_TORCH_DIR.rstrip(os.sep), _OURS.rstrip(os.sep), *_LIBRARIES} if p)
_FunctionType, _MethodType, _CodeType = types.FunctionType, types.MethodType, types.CodeType
_partial = functools.partial
_BOUND, _ModuleType = (types.MethodWrapperType, types.BuiltinMethodType), types.ModuleType
_tuple_new, _Module = tuple.__new__, torch.nn.Module
_CONTAINERS, _METHODS = (dict, list, tuple, set, frozenset), (staticmethod, classmethod)
_LEAVES = (torch.Tensor, str, bytes, int, float, types.ModuleType, torch._ops.OperatorBase,
           torch._ops.OpOverloadPacket)


def _codes_file(filename, code=None) -> bool:
    """Code compiled from ``filename`` is the code's; from the setup's, only the setup's own code objects are
    not (NOTE [the setup by its code], observe_state.py)."""
    if filename == SETUP_FILE:
        return not setup_code(code)
    return not filename.startswith(_NOT_CODES) and not filename.startswith("<frozen ")


def _codes_member(value) -> bool:
    """A class's method is the code's; one exec made for a library's class is not: a namedtuple's
    ``__new__`` (in globals of its own, which hold tuple's) and a dataclass's methods (in their module's
    globals: the very dict of a library's module)."""
    return codes_at(value.__code__.co_filename, value.__globals__, value.__code__)


def codes_at(filename, space, code=None) -> bool:
    """Code compiled from ``filename`` and run in the globals ``space`` is the code's (``_codes_member``)."""
    if not _codes_file(filename, code):
        return False
    if filename.startswith("<") and filename != CODE_FILE:
        name = _dict.get(space, "__name__") if _isinstance(space, _dict) else None
        if _isinstance(name, _str) and name != "__main__":
            if name.startswith("namedtuple_") and _dict.get(space, "_tuple_new") is _tuple_new:
                return False
            module = _modules.get(name)
            if _getattr(module, "__dict__", None) is space and _isinstance(_getattr(module, "__file__", None), _str) \
                    and not _codes_file(module.__file__):
                return False
    return True


def _codes_callable(member) -> bool:
    """An object called (or bound) through a class of the code's: `backward = Formula()`, whose
    `__call__` is what runs (round 33's third attacker), or a descriptor whose `__get__` is."""
    for name in ("__call__", "__get__"):
        for klass in _getattr(_type(member), "__mro__", ())[:-1]:
            hook = _vars(klass).get(name)
            if hook is not None:
                if _isinstance(hook, _FunctionType) and _codes_member(hook):
                    return True
                break
    return False


def _codes_class(cls) -> bool:
    for klass in _getattr(cls, "__mro__", ())[:-1]:
        for member in _vars(klass).values():
            if not _isinstance(member, (_FunctionType, _type)) and _codes_callable(member):
                return True
            if _isinstance(member, _METHODS):
                member = member.__func__
            if _isinstance(member, _FunctionType) and _codes_member(member):
                return True
            if _isinstance(member, (_MethodType, _partial)) and calls_the_codes(member):
                return True
            # a C method bound to an object of the code's (one bound to a class, `__new__`, is the class's)
            if _isinstance(member, _BOUND) and not _isinstance(member.__self__, (_type, _ModuleType)) \
                    and calls_the_codes(member.__self__):
                return True
    return False


def calls_the_codes(mode) -> bool:
    """A function of the code's is reachable from ``mode`` (a mode, a profile function ...)."""
    try:
        stack, read, classes, foreign = [(mode, 0)], 0, {}, _set()
        while stack:
            value, depth = stack.pop()
            if value is None:
                continue
            read += 1
            if read > MOST_READ:
                return True
            if _isinstance(value, _FunctionType):
                # a function held is the code's wherever exec made it (round 31's fourth attacker made its
                # formula in globals named like a namedtuple's)
                if _codes_file(value.__code__.co_filename, value.__code__):
                    return True
                # torch's wrapper of a formula (FlopCounterMode's shape_wrapper) holds it in its closure
                for cell in value.__closure__ or ():
                    try:
                        stack.append((cell.cell_contents, depth + 1))
                    except ValueError:  # an empty cell
                        pass
                stack.extend((item, depth + 1) for item in (*(value.__defaults__ or ()),
                                                            *(value.__kwdefaults__ or {}).values()))
                continue
            if _isinstance(value, _CodeType):
                if _codes_file(value.co_filename, value):
                    return True
                continue
            if _isinstance(value, _METHODS):
                stack.append((value.__func__, depth))
                continue
            if _isinstance(value, _MethodType):  # and what it is bound to: `MethodType(operator.call, count)`
                stack.append((value.__func__, depth))  # calls `count` (round 32's first attacker)
                stack.append((value.__self__, depth + 1))
                continue
            if _isinstance(value, _BOUND):  # `count.__call__`: a C method bound to what it calls (round 31's
                stack.append((value.__self__, depth + 1))  # fifth attacker made it a class's __call__)
                continue
            if _type(value) in _PROXIES:  # a weak proxy reports no referent to the collector, and calling
                return True  # it calls its referent (round 32's third attacker): torch's modes hold none
            if _isinstance(value, _type):
                if _codes_class(value):
                    return True
                continue
            if _isinstance(value, _partial):
                stack.extend((item, depth + 1) for item in (value.func, *value.args, *value.keywords.values()))
                continue
            cls = _type(value)
            if cls not in classes:
                classes[cls] = _codes_class(cls)
            if classes[cls]:
                return True
            if _isinstance(value, _LEAVES):
                continue
            torchs = value is mode or (_getattr(cls, "__module__", "").startswith("torch.")
                                       and not _isinstance(value, _Module))
            if not torchs and not _isinstance(value, (_dict, *_CONTAINERS)):
                # another library's object: what it holds, as the collector reads it (functools.lru_cache's
                # __wrapped__, operator.methodcaller's arguments, the __dict__ of a library's class), at any
                # depth and at its own: what it calls may lie any number of such objects, or of partials, down
                # (round 32's fifth and sixth attackers nested Mocks past the depth read); MOST_READ bounds them
                if _id(value) in foreign:  # read once: their chains may close in a cycle
                    continue
                foreign.add(_id(value))
                for item in _referents(value):
                    if _type(item) is _dict:  # its __dict__: the attributes themselves
                        stack.extend((held, depth) for held in (*_dict.keys(item), *_dict.values(item)))
                    elif not _isinstance(item, _type):
                        stack.append((item, depth))
                continue
            if depth >= _DEEPEST:
                continue
            if _isinstance(value, _dict):
                items = (*_dict.keys(value), *_dict.values(value), _getattr(value, "default_factory", None))
            elif _isinstance(value, _CONTAINERS):
                items = _tuple(value)
            else:
                try:
                    items = _tuple(_vars(value).values())
                except TypeError:  # no __dict__
                    continue
            stack.extend((item, depth + 1) for item in items)
        return False
    except Exception:  # noqa: BLE001 - what cannot be read is not torch's plain state
        return True


# NOTE [a backward that is the code's]: the engine runs a custom node's backward as
# `node._forward_cls.backward` (or `.vjp`), read as the node runs. A class of the code's is the code's
# (`_codes_class`); three more ways put the code's formula behind a class of torch's (round 35's
# attacker): torch's own Function with its `backward` replaced for the pass and put back before it
# returns (BackwardHookFunction, the Function of a module's full backward hook, applied by hand);
# `torch.library.custom_op` with `register_autograd`, whose Function torch makes and whose backward calls
# the registered formula (`info._backward_fn`); and a custom Function under `torch.func`, which runs
# through a Function torch makes per transform level, whose backward calls the code's class. So the
# class's `backward` and `vjp` are read before the node runs; a function of the code's there is the
# code's, and the closures of torch's wrapper functions (those two homes only: a compiled graph's
# backward holds code generated in files of no library, which is not the code's) are followed to the
# class or the registered formula they call; a decorator's wrapper, to what it wraps.
_WRAPPER_HOMES = tuple(os.path.join(_TORCH_DIR, *parts) for parts in
                       (("_functorch", "autograd_function.py"), ("_library", "autograd.py")))
# the base of every Function class, torch.func's generated ones too (torch.autograd.Function is one of them)
_FunctionBase = getattr(torch.autograd.function, "_SingleLevelFunction", torch.autograd.Function)
_issubclass = issubclass
_INFOS = ("torch._library.custom_ops", "torch._library.autograd")  # where `info` (the registered formulas) is made


def backward_is_the_codes(cls) -> bool:
    """The backward the engine runs for a node of ``cls`` is the code's (NOTE [a backward that is the
    code's]); read before the node runs."""
    try:
        stack, seen = [cls], _set()
        while stack:
            value = stack.pop()
            if value is None or _id(value) in seen or _len(seen) > 64:
                continue
            seen.add(_id(value))
            if _isinstance(value, _type):
                if _codes_class(value):
                    return True
                if _issubclass(value, _FunctionBase):
                    stack.extend(_getattr(value, name, None) for name in ("backward", "vjp"))
                continue
            if _isinstance(value, _METHODS):
                value = value.__func__
            if not _isinstance(value, _FunctionType):  # an object called (a replaced `backward`, a formula)
                if calls_the_codes(value):
                    return True
                continue
            filename = value.__code__.co_filename
            if _codes_file(filename, value.__code__):
                return True
            # a decorator's wrapper (`torch.no_grad()(backward)`, functools.wraps) names what it calls
            stack.append(_getattr(value, "__wrapped__", None))
            if filename not in _WRAPPER_HOMES:
                continue
            for cell in value.__closure__ or ():
                try:
                    held = cell.cell_contents
                except ValueError:  # an empty cell
                    continue
                if _isinstance(held, (_type, _FunctionType)):
                    stack.append(held)
                elif _getattr(_type(held), "__module__", "") in _INFOS:
                    formula = _getattr(held, "_backward_fn", None)
                    if formula is not None and not _isinstance(formula, _FunctionType):
                        return True  # a partial of a builtin, a Mock (round 35's sixth attacker): no plain formula
                    stack.append(formula)
        return False
    except Exception:  # noqa: BLE001 - what cannot be read is not torch's plain class
        return True
