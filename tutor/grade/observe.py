"""What the code under test *did* with autograd, recorded inside the run.

Installed in the sandboxed child before the exercise's setup runs (so names
the setup binds, such as ``from torch.func import grad``, are already the
observed ones) and switched on only while the code under test runs:

* the public autograd calls it made (``backward``, ``torch.autograd.grad``,
  ``torch.autograd.functional.*``, ``torch.func.*``, checkpointing), with
  their ``retain_graph`` / ``create_graph`` settings;
* the hooks it registered, on tensors, modules and graph nodes;
* the autograd nodes created while it ran (read from autograd's own
  per-thread sequence counter, so nodes of graphs that were freed or detached
  afterwards count too), the bytes of tensors saved for backward (only when an
  exercise asks: that needs a saved-tensor hook), and the largest tensor an
  autograd call returned (a Jacobian, a Hessian);
* whether named inputs were changed in place (version counter and values).

A call counts only when the learner's code makes it: calls that torch makes
internally (``Tensor.backward`` calling ``torch.autograd.backward``,
``autograd.functional.hessian`` calling ``jacobian``) come from torch's own
files and are not counted, nor is a call of an API nested inside a call of the
same API (a learner's wrapper around ``torch.autograd.backward``), nor calls
from the exercise's setup code.

Every torch function used here is taken when this module is imported, before
any learner code runs, so monkeypatching torch afterwards does not change
what is recorded. The record is read out as plain data through the ``observed``
probe. It is evidence the run reports about itself: a determined learner can
forge it (see docs/grading.md, "Self-reported evidence").
"""

from __future__ import annotations

import inspect
import math
import os
import sys

import torch
import torch.autograd.functional as _AF
import torch.autograd.function as _AFn
import torch.autograd.graph as _AG
import torch.func as _FUNC
import torch.nn as _nn
import torch.nn.modules.module as _MOD
import torch.utils.checkpoint as _CKPT

CODE_FILE = "<your code>"
SETUP_FILE = "<setup>"
_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep
_THIS_FILE = __file__

_getframe = sys._getframe
_type = type
_isinstance = isinstance
_len = len
_TensorBase = torch._C.TensorBase
_Tensor = torch.Tensor
_numel = _TensorBase.numel
_element_size = _TensorBase.element_size
_detach = _TensorBase.detach
_clone = _TensorBase.clone
_mul = _TensorBase.mul
_get_version = _TensorBase._version.__get__
_get_grad_fn = _TensorBase.grad_fn.__get__
_get_shape = _TensorBase.shape.__get__
_get_dtype = _TensorBase.dtype.__get__
_zeros = torch.zeros
_allclose = torch.allclose
_is_grad_enabled = torch.is_grad_enabled
_set_grad_enabled = torch._C._set_grad_enabled
_push_saved = torch._C._autograd._push_saved_tensors_default_hooks
_pop_saved = torch._C._autograd._pop_saved_tensors_default_hooks
_top_saved = getattr(torch._C._autograd, "_top_saved_tensors_default_hooks", None)
_Module = _nn.Module
_Parameter = _nn.Parameter
_named_parameters = _Module.named_parameters
_named_buffers = _Module.named_buffers
_setattr = setattr
_getattr = getattr

API_NAMES = (
    "backward", "autograd.grad",
    "autograd.functional.jacobian", "autograd.functional.hessian", "autograd.functional.vjp",
    "autograd.functional.jvp", "autograd.functional.hvp", "autograd.functional.vhp",
    "func.grad", "func.grad_and_value", "func.vmap", "func.jacrev", "func.jacfwd", "func.hessian",
    "func.vjp", "func.jvp", "func.functional_call", "checkpoint",
)
HOOK_KINDS = ("tensor", "module", "node")
MAX_ORDER = 64  # calls kept in order (for feedback); counts are kept for all

# API -> which of its arguments are retain_graph / create_graph (None: it has none)
_FLAGS = {
    "backward": ("retain_graph", "create_graph"),
    "autograd.grad": ("retain_graph", "create_graph"),
    **{f"autograd.functional.{n}": (None, "create_graph")
       for n in ("jacobian", "hessian", "vjp", "jvp", "hvp", "vhp")},
}
# torch.func transforms that return a function: its outputs are measured when called
_TRANSFORMS = ("func.grad", "func.grad_and_value", "func.vmap", "func.jacrev", "func.jacfwd", "func.hessian")


class _State:
    on = False
    saved_hooks = False
    calls: dict = {}
    order: list = []
    hooks: dict = {}
    active: dict = {}  # api -> nesting depth
    depth = 0  # any observed API running
    saved_bytes = 0
    max_numel = 0
    max_shape: list | None = None
    max_api = ""
    seq_start = None
    snapshots: list = []
    missing: list = []
    shapes: dict = {}
    installed = False
    nodes = None


_S = _State()


def _learner_caller(frame) -> bool:
    """True when the frame that called the API is the learner's code (not
    torch itself, the setup, or this module)."""
    if frame is None:
        return False
    name = frame.f_code.co_filename
    return not (name.startswith(_TORCH_DIR) or name == SETUP_FILE or name == _THIS_FILE)


def _bool_or_none(value):
    return None if value is None else bool(value)


def _positions(api: str, signature) -> tuple | None:
    """Where retain_graph / create_graph sit among the positional arguments."""
    names = _FLAGS.get(api)
    if names is None or signature is None:
        return None
    params = list(signature.parameters)
    retain_name, create_name = names
    return (retain_name, params.index(retain_name) if retain_name in params else None,
            create_name, params.index(create_name) if create_name in params else None)


def _flags(positions, args, kwargs):
    if positions is None:
        return None, None
    retain_name, retain_at, create_name, create_at = positions
    create = kwargs.get(create_name) if create_name in kwargs else (
        args[create_at] if create_at is not None and create_at < _len(args) else False)
    try:
        create = bool(create) if create is not None else False
    except Exception:
        create = None
    if retain_name is None:
        return None, create
    retain = kwargs.get(retain_name) if retain_name in kwargs else (
        args[retain_at] if retain_at is not None and retain_at < _len(args) else None)
    try:
        return (create if retain is None else bool(retain)), create
    except Exception:
        return None, create


def _record_call(api: str, retain, create) -> None:
    key = (api, retain, create)
    _S.calls[key] = _S.calls.get(key, 0) + 1
    if _len(_S.order) < MAX_ORDER:
        _S.order.append([api, retain, create])


def _measure(result, api: str, depth: int = 0) -> None:
    if depth > 4:
        return
    if _isinstance(result, _Tensor):
        try:
            n = int(_numel(result))
        except Exception:
            return
        if n > _S.max_numel:
            _S.max_numel = n
            try:
                _S.max_shape = [int(s) for s in _get_shape(result)]
            except Exception:
                _S.max_shape = None
            _S.max_api = api
    elif _isinstance(result, (tuple, list)):
        for item in result[:64]:
            _measure(item, api, depth + 1)
    elif _isinstance(result, dict):
        for item in list(result.values())[:64]:
            _measure(item, api, depth + 1)


class _SuspendSaved:
    """torch.func refuses to run under saved-tensor hooks: take ours off
    while a transform runs (only when ours are the innermost)."""

    def __enter__(self):
        self.popped = False
        if _S.saved_hooks and _top_saved is not None:
            try:
                top = _top_saved(False)
            except Exception:
                top = None
            if top is not None and top[0] is _pack:
                _pop_saved()
                self.popped = True
        return self

    def __exit__(self, *exc):
        if self.popped:
            _push_saved(_pack, _unpack)
        return False


def _wrap_call(original, api: str, measure: bool = True, transform: bool = False, suspend: bool = False):
    try:
        positions = _positions(api, inspect.signature(original))
    except (TypeError, ValueError):
        positions = None

    def observed(*args, **kwargs):
        if not _S.on:
            return original(*args, **kwargs)
        counted = _S.active.get(api, 0) == 0 and _learner_caller(_getframe(1))
        if counted:
            retain, create = _flags(positions, args, kwargs)
            _record_call(api, retain, create)
        outermost = _S.depth == 0
        _S.active[api] = _S.active.get(api, 0) + 1
        _S.depth += 1
        try:
            if suspend:
                with _SuspendSaved():
                    result = original(*args, **kwargs)
            else:
                result = original(*args, **kwargs)
        finally:
            _S.active[api] -= 1
            _S.depth -= 1
        if transform and callable(result):
            return _wrap_transformed(result, api)
        if measure and outermost:
            if api == "func.vjp" and _isinstance(result, tuple) and _len(result) >= 2 and callable(result[1]):
                _measure(result[0], api)
                return (result[0], _wrap_transformed(result[1], api), *result[2:])
            _measure(result, api)
        return result

    _copy_names(observed, original)
    return observed


def _wrap_transformed(fn, api: str):
    def transformed(*args, **kwargs):
        if not _S.on:
            return fn(*args, **kwargs)
        outermost = _S.depth == 0
        _S.depth += 1
        try:
            with _SuspendSaved():
                result = fn(*args, **kwargs)
        finally:
            _S.depth -= 1
        if outermost:
            _measure(result, api)
        return result

    _copy_names(transformed, fn)
    return transformed


def _wrap_hook(original, kind: str, static: bool = False):
    def observed(*args, **kwargs):
        if _S.on and _learner_caller(_getframe(1)):
            _S.hooks[kind] = _S.hooks.get(kind, 0) + 1
        return original(*args, **kwargs)

    _copy_names(observed, original)
    return staticmethod(observed) if static else observed


def _copy_names(wrapper, original) -> None:
    for attr in ("__name__", "__qualname__", "__doc__", "__module__"):
        try:
            _setattr(wrapper, attr, _getattr(original, attr))
        except Exception:
            pass


def _targets():
    """(owner, attribute, api or hook kind, how) for everything observed."""
    out = [
        (_Tensor, "backward", "backward", "call"),
        (torch.autograd, "backward", "backward", "call"),
        (torch.autograd, "grad", "autograd.grad", "call"),
    ]
    for name in ("jacobian", "hessian", "vjp", "jvp", "hvp", "vhp"):
        out.append((_AF, name, f"autograd.functional.{name}", "call"))
    for name in ("grad", "grad_and_value", "vmap", "jacrev", "jacfwd", "hessian", "vjp", "jvp", "functional_call"):
        out.append((_FUNC, name, f"func.{name}", "call"))
    out.append((torch, "vmap", "func.vmap", "call"))
    out.append((_CKPT, "checkpoint", "checkpoint", "call"))
    out.append((_CKPT, "checkpoint_sequential", "checkpoint", "call"))
    for name in ("register_hook", "register_post_accumulate_grad_hook"):
        out.append((_Tensor, name, "tensor", "hook"))
    out.append((_AG, "register_multi_grad_hook", "tensor", "hook"))
    for name in ("register_forward_hook", "register_forward_pre_hook", "register_full_backward_hook",
                 "register_full_backward_pre_hook", "register_backward_hook"):
        out.append((_Module, name, "module", "hook"))
    for name in ("register_module_forward_hook", "register_module_forward_pre_hook",
                 "register_module_full_backward_hook", "register_module_full_backward_pre_hook",
                 "register_module_backward_hook"):
        out.append((_MOD, name, "module", "hook"))
        out.append((_nn.modules, name, "module", "hook"))
    # grad_fn.register_hook / register_prehook (C++ nodes and custom Functions'
    # nodes alike) call Function._register_hook to build the handle.
    out.append((_AFn.Function, "_register_hook", "node", "static-hook"))
    return out


def _prepare() -> list:
    """(owner, attribute, wrapper) for every observed function; built once,
    when the worker imports this module, so a run only sets attributes."""
    out = []
    for owner, attr, what, how in _targets():
        if _isinstance(owner, type):
            original = next((k.__dict__[attr] for k in owner.__mro__ if attr in k.__dict__), None)
        else:
            original = _getattr(owner, attr, None)
        if original is None:
            continue
        if how == "call":
            if _isinstance(original, (staticmethod, classmethod)):
                continue
            wrapped = _wrap_call(original, what, measure=what != "func.functional_call" and what != "checkpoint",
                                 transform=what in _TRANSFORMS, suspend=what.startswith("func."))
        elif how == "static-hook":
            inner = original.__func__ if _isinstance(original, staticmethod) else original
            wrapped = _wrap_hook(inner, what, static=True)
        else:
            wrapped = _wrap_hook(original, what)
        out.append((owner, attr, wrapped))
    return out


def install() -> None:
    """Put the observers in place (counting stays off until ``begin``)."""
    if _S.installed:
        return
    _S.installed = True
    for owner, attr, wrapped in _PREPARED:
        try:
            _setattr(owner, attr, wrapped)
        except (AttributeError, TypeError):
            pass


# -------------------------------------------------------------- saved tensors


def _pack(tensor):
    try:
        _S.saved_bytes += int(_numel(tensor)) * int(_element_size(tensor))
        version = int(_get_version(tensor))
    except Exception:
        version = None
    return (tensor, version)


def _unpack(packed):
    tensor, version = packed
    if version is not None:
        now = int(_get_version(tensor))
        if now != version:
            # torch's own check does not run when saved-tensor hooks are set
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: [{str(_get_dtype(tensor))} {list(_get_shape(tensor))}] is at version {now}; "
                f"expected version {version} instead.")
    return tensor


# ------------------------------------------------------------ begin and end


def _sequence_number():
    """Autograd's per-thread node counter: make one node and read its number."""
    enabled = _is_grad_enabled()
    try:
        _set_grad_enabled(True)
        node = _get_grad_fn(_mul(_zeros(1, requires_grad=True), 1))
        return int(node._sequence_nr()) if node is not None else None
    except Exception:
        return None
    finally:
        _set_grad_enabled(enabled)


def _resolve(namespace: dict, path: str):
    parts = path.split(".")
    if parts[0] not in namespace:
        raise KeyError(path)
    value = namespace[parts[0]]
    for part in parts[1:]:
        value = _getattr(value, part)
    return value


def _snapshot(label: str, tensor) -> tuple:
    return (label, tensor, int(_get_version(tensor)), _clone(_detach(tensor)))


def begin(namespace: dict, config: dict) -> None:
    """After setup, before the code under test."""
    try:
        _begin(namespace, config)
    except Exception:
        pass
    _S.on = True


def _begin(namespace: dict, config: dict) -> None:
    _S.calls, _S.order, _S.hooks, _S.active = {}, [], {}, {}
    _S.depth, _S.saved_bytes, _S.max_numel, _S.max_shape, _S.max_api = 0, 0, 0, None, ""
    _S.snapshots, _S.missing, _S.shapes = [], [], {}
    for name, value in list(namespace.items())[:200]:
        if _len(_S.shapes) >= 12:
            break
        if not name.startswith("_") and _type(value) in (_Tensor, _Parameter):
            _S.shapes[name] = [int(s) for s in _get_shape(value)]
    for path in (config.get("unchanged") or [])[:50]:
        try:
            value = _resolve(namespace, str(path))
        except Exception:
            _S.missing.append(str(path))
            continue
        if _isinstance(value, _Tensor):
            _S.snapshots.append(_snapshot(str(path), value))
        elif _isinstance(value, _Module):
            for sub, tensor in list(_named_parameters(value)) + list(_named_buffers(value)):
                _S.snapshots.append(_snapshot(f"{path}.{sub}", tensor))
        else:
            _S.missing.append(str(path))
    _S.seq_start = _sequence_number()
    if config.get("saved"):
        _push_saved(_pack, _unpack)
        _S.saved_hooks = True


def end() -> None:
    """Right after the code under test (also when it raised)."""
    _S.on = False
    if _S.saved_hooks:
        _S.saved_hooks = False
        try:
            _pop_saved()
        except Exception:
            pass
    end_seq = _sequence_number()
    _S.nodes = None if end_seq is None or _S.seq_start is None else max(0, end_seq - _S.seq_start - 1)


def _changed(label, tensor, version, copy) -> dict:
    try:
        now = int(_get_version(tensor))
        current = _detach(tensor)
        same_values = (list(_get_shape(current)) == list(_get_shape(copy)) and _get_dtype(current) == _get_dtype(copy)
                       and bool(_allclose(current, copy, rtol=0.0, atol=0.0, equal_nan=True)))
    except Exception as exc:
        return {"name": label, "t": "unreadable", "why": type(exc).__name__}
    return {"name": label, "t": "ok" if now == version and same_values else "changed",
            "version": now != version, "values": not same_values}


def report(config: dict) -> dict:
    """The record, as plain data (the ``observed`` probe)."""
    out = {
        "t": "observed",
        "calls": [[api, retain, create, count] for (api, retain, create), count in _S.calls.items()],
        "order": [list(item) for item in _S.order],
        "hooks": {kind: int(_S.hooks.get(kind, 0)) for kind in HOOK_KINDS},
        "nodes": _getattr(_S, "nodes", None),
        "saved_bytes": int(_S.saved_bytes) if config.get("saved") else None,
        "max_numel": int(_S.max_numel),
        "max_shape": _S.max_shape,
        "max_api": _S.max_api,
        "shapes": dict(_S.shapes),
    }
    if config.get("unchanged"):
        out["unchanged"] = [_changed(*snap) for snap in _S.snapshots] + \
                           [{"name": name, "t": "missing"} for name in _S.missing]
    return out


_PREPARED = _prepare()
