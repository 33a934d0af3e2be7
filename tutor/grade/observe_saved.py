"""The observers' saved-tensor hooks: what the forward keeps for backward,
counted for footprint's ``max_saved_bytes`` (observe.py pushes them when a
check asks; the learner's own are wrapped here, NOTE [saves under the
learner's own hooks])."""

from __future__ import annotations

from sys import _getframe

from tutor.grade.observe_dispatch import note_stack as _note_stack
from tutor.grade.observe_inputs import read_inputs as _read_inputs
from tutor.grade.observe_inpass import hooked as _hooked
from tutor.grade.observe_recompute import recomputing as _recomputing
from tutor.grade.observe_state import (
    OWN_PACKS,
    _S, _Tensor, _copy_names, _element_size, _get_dtype, _get_shape, _get_version, _getattr, _graph_task_id,
    _isinstance, _learner_caller, _numel, _pop_saved, _push_saved, _top_saved, record_call as _record_call,
)


def _note_saved(tensor) -> None:
    # What the code keeps for backward: a checkpoint's recompute saves what
    # the forward saved, again, for a moment, and is not weighed. Saves in
    # any other backward pass are (round 46's attackers built their whole
    # forward in a throwaway pass: in a hook of the code's, in a Function's
    # backward of a class compiled under a file name of torch's, in a C
    # finalizer freed by the pass; until then a pass's saves were never
    # weighed). A graph built with create_graph=True is memory too.
    if not _recomputing():
        _S.saved_bytes += int(_numel(tensor)) * int(_element_size(tensor))


def _pack(tensor):
    try:
        _note_saved(tensor)
        version = int(_get_version(tensor))
    except Exception:
        version = None
    return (tensor, version)


def _counting_pack(pack):
    def pack_counted(tensor):
        if _S.on:
            try:
                _note_saved(tensor)
            except Exception:
                pass
        return pack(tensor)

    return pack_counted



OWN_PACKS.append(_pack)  # NOTE [a checkpoint under the code's hooks] (observe_state.py)


def weigh_cached(init):
    """Selective checkpointing's cache: an op's output a policy saves is kept for backward, past every
    saved-tensor hook (NOTE [saves past the weighing], observe_compile.py): weighed as it is cached."""
    def __init__(self, val, *args, **kwargs):
        init(self, val, *args, **kwargs)
        if _S.on and _S.saved_hooks and _isinstance(val, _Tensor):
            try:
                _note_saved(val)
            except Exception:
                pass

    _copy_names(__init__, init)
    return __init__


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


class _SuspendSaved:
    """torch.func refuses to run under saved-tensor hooks: take ours off
    while a transform runs (only when ours are the innermost), and say that
    its saves went unweighed (NOTE [saves past the weighing], observe_compile.py)."""

    def __init__(self, api: str) -> None:
        self.api = api

    def __enter__(self):
        self.popped = False
        if _S.saved_hooks and _S.on and not _S.judging:
            _S.saves_unweighed = self.api
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


# The largest tensor an autograd call returned: footprint's ``max_numel`` (observe_calls.py measures).
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


def _stack_checked(unpack):
    """The code's unpack hook, run inside a node: a mode it leaves on the dispatch stack answers the rest
    of that node's ops (NOTE [a dispatch put on the stack], observe_dispatch.py)."""
    def unpack_checked(packed):
        out = unpack(packed)
        _note_stack()
        if _graph_task_id() != -1:
            # NOTE [an input changed behind autograd's back]: one an unpack wrote, and the next put back
            # (round 32's fifth attacker)
            _read_inputs()
        return out

    _copy_names(unpack_checked, unpack)
    return unpack_checked


# NOTE [saves under the learner's own hooks]: footprint's `max_saved_bytes`
# counts what goes through the observers' pack hook, and hooks the code
# enters itself sit above it: `out = block(x)` computed plainly inside the
# learner's own `saved_tensors_hooks` (or `save_on_cpu`) saved nothing the
# observers saw (checkpoint-the-block passed so, found by probing the
# verdicts). When the learner's code enters such a block while saves are
# counted, its pack hook is wrapped so that each save is counted first.
# Torch's own blocks (a checkpoint's) are left alone: what they save is
# handles, not tensors kept for backward.
def wrap_saved_hooks_enter(original, api: str):
    def __enter__(self, *args, **kwargs):
        if not _S.on or not _learner_caller(_getframe(1), __enter__):
            return original(self, *args, **kwargs)
        _record_call(api, None, None)
        pack, unpack = _getattr(self, "pack_hook", None), _getattr(self, "unpack_hook", None)
        try:
            if callable(pack):  # NOTE [the code's own code in a pass] (observe_inpass.py): hooks, told so
                self.pack_hook = _hooked(_counting_pack(pack) if _S.saved_hooks else pack)
            if callable(unpack):
                self.unpack_hook = _hooked(_stack_checked(unpack))
        except Exception:
            return original(self, *args, **kwargs)
        try:
            return original(self, *args, **kwargs)
        finally:
            try:
                self.pack_hook, self.unpack_hook = pack, unpack
            except Exception:
                pass

    _copy_names(__enter__, original)
    return __enter__
