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

import sys as _sys
import types as _types

import torch as _torch

from tutor.grade import (
    compare_guard, observe_answered, observe_callbacks, observe_compile, observe_copies, observe_dispatch,
    observe_grads, observe_hooks, observe_inpass, observe_kernels, observe_modules, observe_recompute,
    observe_reentrant, observe_replaced, observe_roots,
    observe_targets, observe_threads, observe_unrecorded, observe_values,
)
from tutor.grade.observe_calls import _ORIGINALS, _prepare
from tutor.grade.observe_saved import _pack, _unpack
from tutor.grade.observe_state import (  # noqa: F401
    HOOK_KINDS, _Module, _Parameter, _S, _Tensor, _allclose, _clone, _detach, _element_size, _get_dtype, _get_grad_fn, _get_shape, _get_version, _getattr, _is_grad_enabled, _isinstance, _len, _mul, _named_buffers, _named_parameters, _numel, _requires_grad, _pop_saved, _push_saved, _read_sequence_nr, _set_grad_enabled, _setattr, _type, _zeros, same_values,
)

def install() -> None:
    """Put the observers in place (counting stays off until ``begin``)."""
    if _S.installed:
        return
    _S.installed = True
    observe_recompute.install()  # NOTE [a recompute that differs]
    observe_unrecorded.install()  # NOTE [a Function's node that records nothing]
    observe_reentrant.install()  # NOTE [a reentrant recompute that differs]
    observe_answered.install()  # NOTE [a call answered by __torch_function__]
    observe_threads.install()  # NOTE [work in a thread]
    observe_compile.install()  # NOTE [nodes of a trace]
    observe_dispatch.install()  # NOTE [a dispatch of the code's own]
    observe_callbacks.install()  # NOTE [code the interpreter runs inside a pass]
    compare_guard.install()  # NOTE [a comparison no kernel of the code's answers]
    for owner, attr, wrapped in _PREPARED:
        try:
            _setattr(owner, attr, wrapped)
        except (AttributeError, TypeError):
            pass
    observe_inpass.install()  # NOTE [where torch looks for a node's backward]
    forget_in_torchscript()  # the originals out of TorchScript's table of builtins


def forget_in_torchscript() -> None:
    """TorchScript's table of builtins holds torch's own functions (`torch.autograd.grad` as
    `aten::grad`, `torch.autograd.backward`), and the code took the original from it, past its
    observer (predict-the-chain, probe of round 33). An observed function leaves the table; scripting a
    function that calls one fails, as it did before (TorchScript finds the observer, not a builtin)."""
    try:
        import torch.jit._builtins as builtins
    except Exception:  # another torch: leave it as it is
        return
    ops = _getattr(builtins, "_builtin_ops", None)
    if _isinstance(ops, list):
        ids = {id(f) for f in _ORIGINALS}  # the worker's start, not a run: plain builtins
        ops[:] = [entry for entry in ops if not (isinstance(entry, tuple) and id(entry[0]) in ids)]
    table = _getattr(builtins, "_builtin_table", None)  # built already: it holds ids, and registrations
    if _isinstance(table, dict):  # made by `_register_builtin` alone (torch.jit.fork, wait): kept
        for f in _ORIGINALS:
            table.pop(id(f), None)


# ------------------------------------------------------------ begin and end


def _sequence_number(after: bool):
    """Autograd's per-thread node counter. Where torch has no read of it, a node is made to read it: its
    number, or the one past it (``after``), so that the nodes made between two reads are end - start."""
    if _read_sequence_nr is not None:
        try:
            return int(_read_sequence_nr())
        except Exception:
            return None
    enabled = _is_grad_enabled()
    try:
        _set_grad_enabled(True)
        node = _get_grad_fn(_mul(_zeros(1, requires_grad=True), 1))
        return int(node._sequence_nr()) + after if node is not None else None
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


def begin(namespace: dict, config: dict, setup_names: list | None = None) -> None:
    """After setup, before the code under test. ``setup_names``: the names
    the setup bound, in order (the exercise's inputs)."""
    try:
        _begin(namespace, config)
        _S.inputs = []
        observe_grads.begin(namespace, config.get("grads"), config.get("autograd_values"), config.get("grad_roots"),
                            config.get("trained"))
        observe_hooks.begin(namespace, config.get("hook_values"), config.get("hook_scale"))
        observe_replaced.begin(config)
        _S.hook_target_names = [str(n) for n in (config.get("hooks_on") or ())][:16]
        _S.hook_targets, _S.node_hook_dicts, _S.hook_target_namespace = [], [], namespace
        observe_targets.begin_modules(namespace, config.get("hooks_on_modules"))
        _S.observer_nodes = _S.code_made = 0
        _S.needs = {}
        observe_inpass.begin()  # NOTE [hooks written into a tensor's hook dicts]
        # NOTE [a setup name bound again]: what each of the setup's names held, to say which the code rebound
        _S.setup_bound = (namespace, [(n, namespace[n]) for n in (setup_names or [])[:64] if not n.startswith("_")
                                      and _isinstance(namespace.get(n), (_Tensor, _Module))])
        _S.module_inputs = []
        if config.get("inputs") is not None:
            _S.inputs = _input_snapshots(namespace, setup_names or [], config["inputs"])
            _S.inputs_during, _S.inputs_compared = {}, 0  # NOTE [an input changed behind autograd's back]
            # NOTE [modules as the setup made them]
            _S.module_inputs = observe_modules.snapshot(namespace, setup_names or [], set(map(str, config["inputs"])))
    except Exception:
        pass
    observe_kernels.begin()  # NOTE [a kernel registered behind the watch]: the count as the code begins
    _S.on = True


# NOTE [inputs unchanged]: at most this many tensors, and this many elements
# copied in all; a tensor beyond the budget is compared by version counter.
MAX_INPUTS = 64
MAX_INPUT_ELEMENTS = 4_000_000


def _input_snapshots(namespace: dict, names: list, skip: list) -> list:
    skipped = {str(s) for s in skip}
    # a tensor the setup also bound as a part of a module another check watches (`w = model.weight`) is
    # that check's: an optimizer step read twice, once with words for a custom Function (round 39's learner)
    watched = {id(t) for name in skipped if _isinstance(namespace.get(name), _Module)
               for _, t in list(_named_parameters(namespace[name])) + list(_named_buffers(namespace[name]))}
    out, budget = [], MAX_INPUT_ELEMENTS
    for name in names[:200]:
        if name.startswith("_") or name in skipped or name not in namespace:
            continue
        value = namespace[name]
        if _isinstance(value, _Tensor) and id(value) in watched:
            continue
        if _isinstance(value, _Tensor):
            tensors = [(name, value)]
        elif _isinstance(value, _Module):
            tensors = [(f"{name}.{sub}", t) for sub, t in list(_named_parameters(value)) + list(_named_buffers(value))]
        else:
            continue
        for label, tensor in tensors:
            if label in skipped or _len(out) >= MAX_INPUTS:
                continue
            size = int(_numel(tensor))
            copy = _clone(_detach(tensor)) if size <= budget else None
            budget -= size if copy is not None else 0
            out.append((label, tensor, int(_get_version(tensor)), copy, bool(_requires_grad(tensor))))
    return out


def _begin(namespace: dict, config: dict) -> None:
    _S.calls, _S.order, _S.hooks, _S.active, _S.nested_roots = {}, [], {}, {}, {}
    _S.depth, _S.saved_bytes, _S.max_numel, _S.max_shape, _S.max_api, _S.unneeded_grads = 0, 0, 0, None, "", 0
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
    _S.seq_start = _sequence_number(after=True)
    observe_recompute.begin(namespace)  # NOTE [a recompute's nodes]
    observe_reentrant.begin()
    observe_threads.begin()  # NOTE [work in a thread]
    if config.get("saved"):
        _push_saved(_pack, _unpack)
        _S.saved_hooks = True


def end(_hooks_end=observe_hooks.end, _pop=_pop_saved, _grad_mode=_is_grad_enabled, _count=_sequence_number,
        _in_threads=observe_threads.nodes_made, _running=observe_threads.still_running,
        _taken_off=observe_recompute.taken_off) -> None:
    """Right after the code under test (also when it raised); what it calls, its defaults (leftovers.py)."""
    _S.on, _S.window = False, True  # NOTE [the code's leftovers]: until count_late
    _hooks_end()
    if _S.saved_hooks:
        _S.saved_hooks = False
        try:
            _pop()
        except Exception:
            pass
    try:  # before pristine.restore switches it back on: was recording left off? (kinds/inputs.py)
        _S.grad_mode_at_end = bool(_grad_mode())
    except Exception:
        _S.grad_mode_at_end = None
    end_seq = _S.end_seq = _count(after=False)
    in_threads = _in_threads()  # NOTE [work in a thread]: None while one still runs
    _S.threads_left = _running()
    _S.nodes = None if end_seq is None or _S.seq_start is None or in_threads is None else \
        max(0, end_seq - _S.seq_start - _taken_off() - _S.observer_nodes) + in_threads


def count_late() -> None:
    """Before the probes: nodes made, threads started, since the record closed are the code's (leftovers.py)."""
    now, then, _S.window = _sequence_number(after=False) if _read_sequence_nr is not None else None, _S.end_seq, False
    if now is not None and then is not None and now > then and _S.nodes is not None:  # (the fallback makes one)
        _S.nodes += now - then
    if _S.late_threads:  # their nodes no counter of this thread saw: NOTE [work in a thread]
        _S.nodes, _S.threads_left = None, _S.threads_left + _S.late_threads


def last_gradient_of(tensor):
    """The gradient the code's last pass gave ``tensor`` (a check's ``if_freed``): what a backward pass
    left in ``tensor.grad``, even where the code cleared it since (``zero_grad()`` after a pass run to look
    is no mistake: found by probing the verdicts on match-the-drawing, parameters-and-data, make-a-leaf),
    else what ``torch.autograd.grad`` returned for it. None where neither, or the pass added to numbers
    written by hand (NOTE [gradients a backward pass left], observe_grads.py)."""
    if not _isinstance(tensor, _Tensor):
        return None
    note = _S.grad_marks.get(id(tensor))
    if note is None:
        note = next((n for n in reversed(_S.grad_results) if _len(n) > 4 and n[4] is tensor), None)
    if note is None:
        return None
    if note[2] is not None:
        return note[2]
    return note[0] if int(_get_version(note[0])) == note[1] else None


# NOTE [a setup name bound again]: checks read names as the code leaves them, so correct work followed
# by an experiment that reuses a setup's name (`for x in xs:`, `x = torch.tensor(2.0)`, float64 copies
# for gradcheck bound to `x, W, b`) failed with messages about the wrong tensor (found by probing the
# verdicts). The record names the setup's names bound to another object at the end; the report says so.
def _rebound(frozen: bool = False, grown: bool = False) -> list:
    """``frozen``: only tensors that required grad, bound again to a tensor that does not; ``grown``: only
    leaves that required grad, bound again to a tensor computed from others (`w = w - lr * w.grad`
    outside no_grad: no `.grad` is left on it)."""
    try:
        namespace, bound = _getattr(_S, "setup_bound", (None, []))
        out = []
        for name, was in bound if namespace else ():
            now = namespace.get(name, None)
            leaf_that_learns = _isinstance(was, _Tensor) and _requires_grad(was)
            if now is was or (frozen and not (leaf_that_learns and _isinstance(now, _Tensor)
                                               and not _requires_grad(now))):
                continue
            if grown and not (leaf_that_learns and _get_grad_fn(was) is None and _isinstance(now, _Tensor)
                              and _get_grad_fn(now) is not None):
                continue
            out.append(str(name))
        return out[:16]
    except Exception:
        return []


def _changed(label, tensor, version, copy) -> dict:
    try:
        now = int(_get_version(tensor))
        same = copy is None or same_values(tensor, copy)
    except Exception as exc:
        return {"name": label, "t": "unreadable", "why": type(exc).__name__}
    return {"name": label, "t": "ok" if now == version and same else "changed",
            "version": now != version, "values": not same}


def report(config: dict) -> dict:
    """The record, as plain data (the ``observed`` probe)."""
    out = {
        "t": "observed",
        "calls": [[api, retain, create, count] for (api, retain, create), count in _S.calls.items()],
        "order": [list(item) for item in _S.order],
        "hooks": {kind: int(_S.hooks.get(kind, 0)) for kind in HOOK_KINDS},
        "nodes": _getattr(_S, "nodes", None),
        "threads_left": int(_getattr(_S, "threads_left", 0)),  # NOTE [work in a thread]
        "saved_bytes": int(_S.saved_bytes) if config.get("saved") else None,
        "saves_unweighed": str(_S.saves_unweighed)[:80] if config.get("saved") else "",
        "max_numel": int(_S.max_numel),
        "max_shape": _S.max_shape,
        "max_api": _S.max_api,
        "unneeded_grads": int(_S.unneeded_grads),
        "shapes": dict(_S.shapes),
        "grad_mode": _getattr(_S, "grad_mode_at_end", None),
        "rebound": _rebound(),
        "rebound_frozen": _rebound(frozen=True),
        "rebound_grown": _rebound(grown=True),
    }
    if config.get("inputs") is not None:
        records = [_changed(*snap[:4]) for snap in _getattr(_S, "inputs", [])]
        during = _getattr(_S, "inputs_during", None) or {}
        for record in records:  # NOTE [an input changed behind autograd's back] (observe_passes.py)
            if record["t"] == "ok" and record["name"] in during:
                record.update(t="changed", values=True, during=True)
        for record, snap in zip(records, _getattr(_S, "inputs", [])):
            try:
                if record["t"] == "ok" and bool(_requires_grad(snap[1])) != snap[4]:
                    record.update(t="changed", requires_grad=not snap[4])
            except Exception as exc:
                record.update(t="unreadable", why=type(exc).__name__)
        changed = [r for r in records if r["t"] != "ok"]
        changed += observe_modules.changes(_getattr(_S, "module_inputs", []), set(map(str, config["inputs"])))
        out["inputs"] = {"checked": _len(records), "changed": changed[:8]}
    if config.get("autograd_values") and config.get("grad_roots"):
        out["value_roots"] = observe_roots.value_root_provenance()
    if _getattr(_S, "watch_replaced", False):
        out["replaced"] = observe_replaced.report()
        if config.get("grads"):
            out["grad_replaced"] = observe_replaced.grad_report(config["grads"], _getattr(_S, "grad_namespace", None),
                                                                observe_grads.from_a_pass)
    if config.get("grads"):
        out["grads"] = observe_grads.provenance()
        if config.get("grad_roots"):
            out["grad_roots"] = observe_roots.root_provenance()
            out["roots_unbound"], out["roots_compiled"] = observe_roots.unbound_roots(), observe_roots.compiled_roots()
    if config.get("autograd_values"):
        out["autograd_values"] = observe_values.value_provenance()
    if config.get("hook_values"):
        out["hook_values"] = observe_hooks.provenance()
    if config.get("hooks_on"):  # NOTE [hooks on a named tensor] (observe_targets.py)
        out["hooks_on"], out["hooks_on_ran"] = observe_targets.counts()
    if config.get("hooks_on_modules"):  # NOTE [hooks on named modules] (observe_targets.py)
        out["hooks_on_modules"], out["hooks_on_modules_ran"] = observe_targets.module_counts()
    if config.get("unchanged"):
        out["unchanged"] = [_changed(*snap) for snap in _S.snapshots] + \
                           [{"name": name, "t": "missing"} for name in _S.missing]
    return out


def _aliases(prepared: list) -> list:
    """An observed C function of a module's, held by another of torch's modules under a name of its own
    (`from torch._C import _enter_dual_level as _enter_dual_level_impl` in torch._functorch.predispatch
    made a dual level past its observer, round 33's third attacker): observed there too."""
    # the worker's start, not a run: plain builtins
    wrapper = {id(original): wrapped for original, (owner, _, wrapped) in zip(_ORIGINALS, prepared)
               if isinstance(original, _types.BuiltinFunctionType) and not isinstance(owner, type)}
    seen = {(id(owner), attr) for owner, attr, _ in prepared}
    found = []
    for name, module in list(_sys.modules.items()):
        if not (name == "torch" or name.startswith("torch.")) or module is None:
            continue
        for attr, value in list(getattr(module, "__dict__", {}).items()):
            if id(value) in wrapper and (id(module), attr) not in seen:
                found.append((module, attr, wrapper[id(value)]))
    return found


_CALLS = _prepare()
# NOTE [gradients a backward pass left]: retain_grad() marks a tensor to follow (observe_grads.py)
_PREPARED = _CALLS + _aliases(_CALLS) + [(_Tensor, "retain_grad", observe_grads.wrap_retain_grad(_Tensor.retain_grad)),
                          (_Tensor, "clone", observe_copies.wrap_clone(_Tensor.clone)),
                          (_torch, "clone", observe_copies.wrap_clone(_torch.clone)),
                          (_Tensor, "__deepcopy__", observe_copies.wrap_clone(_Tensor.__deepcopy__)),
                          (_Tensor, "copy_", observe_copies.wrap_copy_(_Tensor.copy_))] + \
            [(_Tensor, cast, observe_copies.wrap_clone(getattr(_Tensor, cast))) for cast in ("to", "float", "double")]

