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
registers hooks of its own).
"""

from __future__ import annotations

import torch.nn.modules.module as _module_module

from tutor.grade.observe_state import _Module, _getattr, _isinstance, _len, _type

_named_modules = _Module.named_modules
_vars, _sorted, _id, _bool, _tuple = vars, sorted, id, bool, tuple
HOOK_DICTS = ("_forward_hooks", "_forward_pre_hooks", "_backward_hooks", "_backward_pre_hooks")
GLOBAL_HOOK_DICTS = ("_global_forward_hooks", "_global_forward_pre_hooks", "_global_backward_hooks",
                     "_global_backward_pre_hooks")
# what a change names, in this order ("class": `__class__` swapped; "global hooks": hooks on every module)
ASPECTS = ("training", "hooks", "attributes", "parameters", "class", "global hooks")
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
    prints: dict = {aspect: [] for aspect in ASPECTS}
    for path, sub in list(_named_modules(module))[:MAX_MODULES]:
        state = _vars(sub)
        prints["training"].append((path, _bool(state.get("training"))))
        prints["hooks"].append((path, _tuple(_len(_getattr(sub, d, None) or ()) for d in HOOK_DICTS)))
        prints["attributes"].append((path, _tuple(_sorted(k for k in state if not k.startswith("_")))))
        params = state.get("_parameters") or {}
        prints["parameters"].append((path, _tuple((k, _id(p)) for k, p in params.items())))
        prints["class"].append((path, _id(_type(sub))))
    hooks = _tuple(_len(_getattr(_module_module, d, None) or ()) for d in GLOBAL_HOOK_DICTS)
    prints["global hooks"].append(("", hooks))
    return prints


def changes(snapshots: list, skip: set) -> list:
    """Input-record entries for the modules that changed: ``{"name", "t": "module", "what", "where"}``,
    ``what`` the aspects that differ (ASPECTS' order), ``where`` the first submodule path that differs."""
    out = []
    for name, module, before in snapshots:
        try:
            after = _fingerprint(module)
        except Exception as exc:
            out.append({"name": name, "t": "unreadable", "why": type(exc).__name__})
            continue
        what, where = [], None
        for aspect in ASPECTS:
            if after[aspect] != before[aspect]:
                what.append(aspect)
                if where is None:
                    where = next((a[0] for a, b in zip(after[aspect], before[aspect]) if a != b), "")
        # a submodule a skipped name covers (freeze-the-first-layer's `first` inside a bigger model)
        if what and not (where and f"{name}.{where}" in skip):
            out.append({"name": name, "t": "module", "what": what, "where": where or ""})
    return out
