"""The observers' saved-tensor hooks: what the forward keeps for backward,
counted for footprint's ``max_saved_bytes`` (observe.py pushes them when a
check asks; observe_calls.py wraps the learner's own, NOTE [saves under the
learner's own hooks])."""

from __future__ import annotations

from tutor.grade.observe_state import (
    _S, _Tensor, _element_size, _get_dtype, _get_shape, _get_version, _graph_task_id, _isinstance, _numel, _pop_saved,
    _push_saved, _top_saved,
)


def _note_saved(tensor) -> None:
    # What the forward keeps for backward: saves made during a backward
    # pass (a reentrant checkpoint recomputing its block) are transient.
    if _graph_task_id() == -1:
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
