"""Modules as the setup made them: the part of the ``inputs`` record that
is not a tensor's values.

NOTE [modules as the setup made them]: the ``inputs`` check compared a
module's parameters and buffers (values, versions, ``requires_grad``), and a
module can change in other ways that every later training step feels (found
by probing the verdicts: evaluate-without-a-graph passed each of them): a
submodule left in ``eval()`` mode while the top one was switched back, a
forward hook left on that turns recording off, ``model.forward`` replaced on
the instance, a parameter swapped for a new ``nn.Parameter`` (an optimizer
made before no longer updates the model). After the setup the run notes, for
each module the setup bound, each submodule's training flag, how many hooks
it holds, the names of its public instance attributes and which Parameter
objects it holds; after the code, what differs. The grader fails only a
change the reference's run did not make too (watch-each-layer's reference
registers hooks of its own). A public attribute the code adds counts only
where it stands in for one the module's class has (`forward`), or for one
of its parameters, buffers or submodules (a detached copy of `weight` put
in the instance's dict with `object.__setattr__`, found by round 28's
second probe, is what `forward` reads): a name tag, or a hook's handle
kept on the layer, changes nothing the module does (round 28's learner
probe: watch-each-layer failed `m.tag = name`). One the setup made that is
gone counts, and so does a change to what calling the module runs (a
compiled call set on it, a method of its class replaced).
"""

from __future__ import annotations

import torch.nn.modules.module as _module_module

from tutor.grade.lookups import str_items
from tutor.grade.observe_state import _Module, _isinstance, _len, _type

_vars, _sorted, _id, _bool, _tuple, _set = vars, sorted, id, bool, tuple, set
HOOK_DICTS = ("_forward_hooks", "_forward_pre_hooks", "_backward_hooks", "_backward_pre_hooks")
GLOBAL_HOOK_DICTS = ("_global_forward_hooks", "_global_forward_pre_hooks", "_global_backward_hooks",
                     "_global_backward_pre_hooks")
# what a change names, in this order ("class": `__class__` swapped; "global hooks": hooks on every module)
ASPECTS = ("training", "hooks", "attributes", "parameters", "class", "methods", "global hooks")
CALLED = ("forward", "__call__", "_call_impl", "_wrapped_call_impl", "__getattr__", "__getattribute__")
MAX_MODULES = 64  # submodules fingerprinted per module the setup bound
MAX_BOUND = 16  # modules the setup bound that are followed


def snapshot(namespace: dict, names: list, skip: set) -> list:
    """(name, module, fingerprint) for each module the setup bound to a public name, not skipped."""
    out = []
    for name in names[:200]:
        if name.startswith("_") or name in skip or _len(out) >= MAX_BOUND:
            continue
        value = namespace.get(name)
        if _isinstance(value, _Module):
            try:
                out.append((name, value, _fingerprint(value)))
            except Exception:
                continue
    return out


def _fingerprint(module) -> dict:
    # read through plain dicts and by type only: it runs as the record is read, after the code, and a
    # `_modules` subclass's `items` (a C callable) swapped a `.grad` there (NOTE [results read before the
    # code can run], readfirst.py); a dict of another type reads as a change
    prints: dict = {aspect: [] for aspect in ASPECTS}
    for path, sub, state in _walk(module):
        prints["training"].append((path, _bool(state.get("training") is True)))
        prints["hooks"].append((path, _tuple(_size(state.get(d)) for d in HOOK_DICTS)))
        names = _tuple(_sorted(k for k in state if not k.startswith("_")))
        kind = _type(sub)
        held = [_set(k for k, _v in _plain(state.get(d) or {})) for d in ("_parameters", "_buffers", "_modules")]
        prints["attributes"].append((path, names, _tuple(k for k in names if _on_class(kind, k) or _held(k, held))))
        prints["parameters"].append((path, _tuple((k, _id(p)) for k, p in _plain(state.get("_parameters") or {}))))
        prints["class"].append((path, _id(kind)))
        # what calling it runs: a compiled call set on the instance, the class's own methods (round 28's
        # third probe: `model._compiled_call_impl = no_grad(model._call_impl)`, `nn.Linear.forward` patched)
        prints["methods"].append((path, state.get("_compiled_call_impl") is not None, _methods(kind)))
    hooks = _tuple(_size(_vars(_module_module).get(d)) for d in GLOBAL_HOOK_DICTS)
    prints["global hooks"].append(("", hooks))
    return prints


_instance_dict = _Module.__dict__["__dict__"].__get__  # a module's own dict, whatever its class says
_mro_of, _dict_of = type.__dict__["__mro__"].__get__, type.__dict__["__dict__"].__get__
_dict_items, _list, _dict, _OrderedDict = dict.items, list, dict, _module_module.OrderedDict


def _plain(d, str_keys: bool = True) -> list:
    """A plain dict's items; raises for any other mapping (whose methods are the code's), and for a key that
    is not a plain str (a str subclass's ``__eq__`` and ``__hash__`` run at every lookup and hash of it:
    round 36's fifth attacker put one in a module's own dict, beside "training")."""
    if _type(d) is not dict and _type(d) is not _OrderedDict:
        raise TypeError("not a plain dict")
    items = _list(_dict_items(d))
    if not str_keys:
        return items
    items, odd = str_items(items)  # a str subclass that compares as str is made one (lookups.py)
    if odd:
        raise TypeError("a key that is not a str")
    return items


def _size(d) -> int:
    return 0 if d is None else _len(_plain(d, str_keys=False))  # a hook dict's keys are ints


def _on_class(kind, name: str) -> bool:
    return any(name in _dict_of(k) for k in _mro_of(kind))


def _walk(module) -> list:
    """(path, module, a copy of its own dict) for the module and its submodules, as ``named_modules`` gives
    them, through plain dicts: the copy is a dict of the grader's, looked up with no key of the code's."""
    out, seen, todo = [], _set(), [("", module)]
    while todo and _len(out) < MAX_MODULES:
        path, sub = todo.pop()
        if sub is None or _id(sub) in seen:
            continue
        seen.add(_id(sub))
        state = _dict(_plain(_instance_dict(sub)))
        out.append((path, sub, state))
        children = _plain(state.get("_modules") or {})
        todo.extend((f"{path}.{k}" if path else k, m) for k, m in reversed(children))
    return out


def changes(snapshots: list, skip: set) -> list:
    """Input-record entries for the modules that changed: ``{"name", "t": "module", "what", "where", "at"}``,
    ``what`` the aspects that differ (ASPECTS' order), ``at`` the first submodule path where each differs,
    ``where`` the first of them."""
    out = []
    for name, module, before in snapshots:
        try:
            after = _fingerprint(module)
        except Exception as exc:
            out.append({"name": name, "t": "unreadable", "why": type(exc).__name__})
            continue
        what, at = [], []
        for aspect in ASPECTS:
            if _differs(aspect, before[aspect], after[aspect]):
                what.append(aspect)
                at.append(next((a[0] for a, b in zip(after[aspect], before[aspect])
                                if _differs(aspect, [b], [a])), ""))
        where = at[0] if at else ""
        # a submodule a skipped name covers (freeze-the-first-layer's `first` inside a bigger model)
        if what and not (where and f"{name}.{where}" in skip):
            out.append({"name": name, "t": "module", "what": what, "where": where, "at": at})
    return out


def _methods(kind) -> tuple:
    """The ids of what a call of a module of this class runs, class by class up to nn.Module's."""
    out = []
    for klass in _mro_of(kind)[:16]:
        names = _dict_of(klass)
        out.append(_tuple(_id(names.get(name)) for name in CALLED))
        if klass is _Module:
            break
    return _tuple(out)


def _held(name: str, held: list) -> bool:
    for names in held:
        if name in names:
            return True
    return False


def _differs(aspect: str, before: list, after: list) -> bool:
    if aspect != "attributes" or _len(before) != _len(after):
        return after != before
    for (path, names, shadowing), (path_now, names_now, shadowing_now) in zip(before, after):
        # a path moved, a name the setup made gone, or one standing in for the class's
        if path != path_now or not _set(names) <= _set(names_now) or shadowing != shadowing_now:
            return True
    return False
