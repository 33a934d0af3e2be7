"""Which tensors the code's hooks went on, for a ``hooks`` check that names
one (observe.py counts, at the end, those that are the named tensor).

NOTE [hooks on a named tensor]: a `hooks` check with `tensor: w` counts
only the hooks registered on the tensor bound to `w` when the code ends: a
hook on another tensor that works out w's numbers by hand passed a check
that counted every tensor hook (log-after-accumulation). Each tensor a hook
goes on (a method's self, each of register_multi_grad_hook's tensors) is
kept, and observe.report counts those that are the named one: every
registration (a `max` counts a hook removed later too), and those whose hook
ran (a `min` asks for a hook that did something: one put on `w` and taken
off at once, beside the real one on another leaf, passed log-after-
accumulation's "hooks on w" in round 28's second probe).

NOTE [a hook on a leaf's accumulator]: a hook on `w`'s AccumulateGrad node
(`acc = w.view_as(w).grad_fn.next_functions[0][0]; acc.register_hook(fn)`)
runs after each accumulation, as `w.register_post_accumulate_grad_hook(fn)`
does: it is a hook on `w` (a correct answer to log-after-accumulation
failed "hooks on w", found by probing). torch registers a node's hook
through ``Function._register_hook(hooks_dict, hook)``, which never sees the
node, and returns the node's dict of hooks (before torch gives the node a
new dict: the first hook's registration cannot ask the node). The dicts are
kept; when the code ends, each leaf the check names is asked for its
accumulator, and the accumulator for its dicts (a hook put on and taken off
again, the dict read as torch hands it over, never from the handle, whose
class the code may replace): a registration into one of them is a hook on
that leaf. The leaves are asked as each later pass starts too, while the
code still holds the node (a hook set up inside a function of the code's,
whose accumulator was gone when the code ended, failed: round 28's second
learner probe); the nodes asking makes are not the code's.

NOTE [hooks on named modules]: a `hooks` check with `modules: [model[0],
model[2]]` counts only the module hooks registered on those modules, each
as the setup made it (resolved after the setup, before the code runs: the
code cannot bind the names to others first), and asks for one on each at
least that ran. watch-each-layer counted every module hook, and no-op
hooks on the Tanh and the container, beside tensor hooks that recorded,
passed it (the corpus' gap files); so did hooks on the two layers taken
off at once, which never ran (round 34's attacker). A hook through torch's
global registration (`register_module_full_backward_hook`) runs for every
module: it counts as one on each.
"""

from __future__ import annotations

import re

from tutor.grade.observe_inpass import note_dict as _note_dict
from tutor.grade.observe_recompute import _sequence_nr, give_back_view, on_the_runs_thread
from tutor.grade.observe_state import (
    _S, _Tensor, _copy_names, _graph_task_id, _get_grad_fn, _isinstance, _is_grad_enabled, _len, _no_torch_function_at_all,
    _requires_grad, _set_grad_enabled, _view_as,
)

MAX_TARGETS = 256
_HEAD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(-?[0-9]+)\]")
_callable = callable  # as imported: the code may replace the builtins before it registers a hook


def note(target, ran: list) -> None:
    """The tensor (or tensors) a hook was registered on; ``ran``: set when the hook runs."""
    items = target if _isinstance(target, (list, tuple)) else (target,)
    for item in items[:64]:
        if _isinstance(item, _Tensor) and _len(_S.hook_targets) < MAX_TARGETS:
            _S.hook_targets.append((item, ran))


def begin_modules(namespace: dict, paths) -> None:
    """After the setup, before the code: the modules a check names (NOTE [hooks on named modules])."""
    _S.hook_modules, _S.hooked_modules = [], []
    for path in (paths or ())[:16]:
        try:
            head = _HEAD.match(path).group(0)
            value = namespace[head]
            for attr, index in _STEP.findall(path[len(head):]):
                value = getattr(value, attr) if attr else value[int(index)]
        except Exception:  # noqa: BLE001 - no such module after the setup: no hook is on it
            value = None
        _S.hook_modules.append((str(path), value))


def note_module(kind: str, module, ran: list) -> None:
    """A hook of ``kind`` was registered: a module hook, on ``module`` (a method's self; None: on every
    module, globally); ``ran``: set when the hook runs."""
    if kind == "module" and _S.hook_modules and _len(_S.hooked_modules) < MAX_TARGETS:
        _S.hooked_modules.append((module, ran))


def module_counts() -> tuple:
    """path -> the hooks registered on the module the setup bound there, and path -> those of them that
    ran (observe.report)."""
    registered, ran = {}, {}
    for path, module in _S.hook_modules:
        n = m = 0
        if module is not None:
            for hooked, marked in _S.hooked_modules:
                if hooked is module or hooked is None:
                    n, m = n + 1, m + marked[0]
        registered[path], ran[path] = n, m
    return registered, ran


def note_node_hook(hooks_dict, ran: list, found: list) -> None:
    """A node hook was registered, into ``hooks_dict``; ``found``: the leaves found holding it so far (filled as
    passes start: the hook's own leaves, NOTE [gradients handed to hooks, scaled])."""
    _note_dict(hooks_dict)  # NOTE [hooks written into a tensor's hook dicts]: a node's, as a tensor's
    if ran is not None and _len(_S.node_hook_dicts) < MAX_TARGETS:
        _S.node_hook_dicts.append((hooks_dict, ran, found))


def tensors_in(target) -> list:
    """The tensors a tensor hook's registration names (a method's self, register_multi_grad_hook's tensors)."""
    items = target if _isinstance(target, (list, tuple)) else (target,)
    return [item for item in items[:64] if _isinstance(item, _Tensor)]


def before_pass() -> None:
    """As a pass starts (not inside one): the named leaves' accumulators asked for the node hooks' dicts."""
    if not _S.node_hook_dicts or _graph_task_id() != -1 or not on_the_runs_thread():
        return  # (the nodes asking makes are taken off the run's own thread's count)
    namespace = _S.hook_target_namespace or {}
    for name in _S.hook_target_names:
        tensor = namespace.get(name)
        if not _isinstance(tensor, _Tensor):
            continue
        held = _accumulator_dicts(tensor)
        for hooks_dict, _, found in _S.node_hook_dicts:
            if _any_is(hooks_dict, held) and not _any_is(tensor, found):
                found.append(tensor)


def marking(ran: list):
    """A wrap for a hook that notes it ran."""
    def wrap(hook):
        if not _callable(hook):
            return hook

        def marked(*args, **kwargs):
            ran[0] = True
            return hook(*args, **kwargs)

        _copy_names(marked, hook)
        return marked
    return wrap


def counts() -> tuple:
    """name -> the hooks registered on the tensor bound to it, and name -> those of them that ran
    (observe.report, when the code has ended)."""
    namespace = _S.hook_target_namespace or {}
    registered, ran = {}, {}
    for name in _S.hook_target_names:
        bound, n, m = namespace.get(name, _S), 0, 0
        for target, marked in _S.hook_targets:
            if target is bound:
                n, m = n + 1, m + marked[0]
        if _S.node_hook_dicts and _isinstance(bound, _Tensor):
            held = _accumulator_dicts(bound)
            for hooks_dict, marked, found in _S.node_hook_dicts:
                if _any_is(bound, found) or _any_is(hooks_dict, held):
                    n, m = n + 1, m + marked[0]
        registered[name], ran[name] = n, m
    return registered, ran


def _any_is(item, items) -> bool:
    for other in items:
        if other is item:
            return True
    return False


def _noop(*args):
    return None


def _accumulator_dicts(tensor) -> list:
    """The dicts of hooks of a leaf's accumulator (post-hooks', pre-hooks'), asked for by putting a hook on
    and taking it off."""
    enabled, on, out = _is_grad_enabled(), _S.on, []
    try:
        if not _requires_grad(tensor) or _get_grad_fn(tensor) is not None:
            return out  # only a leaf that requires grad has an accumulator
        _set_grad_enabled(True)
        _S.on = False  # the probe's registrations are not the code's
        with _no_torch_function_at_all():
            first = _sequence_nr()
            view = _view_as(tensor, tensor)
            give_back_view(first)  # NOTE [numbers given back once] (observe_recompute.py)
            node = _get_grad_fn(view).next_functions[0][0]
        _S.node_probe = out  # the observer of Function._register_hook puts in the dict the node gave
        for register in (node.register_hook, node.register_prehook):
            register(_noop).remove()
    except Exception:  # noqa: BLE001 - an odd tensor: no hook found on it
        pass
    finally:
        _S.node_probe = None
        _S.on = on
        _set_grad_enabled(enabled)
    return out
