"""What autograd returned in a run, for value checks that ask where their numbers came from.

Reads the notes observe_grads.py keeps (what ``torch.autograd.grad``, the
``torch.func`` transforms and each backward pass produced). Self-reported
evidence, like everything observe.py records (docs/grading.md).
"""

from __future__ import annotations

from tutor.grade.observe_grads import _MISSING, MAX_ELEMENTS, MAX_NAMES, _holds_note
from tutor.grade.observe_state import _S, _Tensor, _TensorBase, _detach, _getattr, _of_type, _isinstance, _len, _numel

_tolist = _TensorBase.tolist


# NOTE [values autograd returned]: a ``value`` check with ``from_autograd:
# true`` wants the tensor bound to its name to hold what autograd returned in
# the run, not numbers worked out another way: the rest of the chain rule done
# by hand after one call for part of it reached the right numbers
# (grad-without-dot-grad passed so), and so did a Hessian written as a
# formula beside a `torch.func` call for the gradient (gradient-as-a-function).
# "autograd": the values of a tensor ``torch.autograd.grad`` returned (a
# copy, a detached view or the very object); "func": of one a ``torch.func``
# transform or ``torch.autograd.functional`` returned; "backward": of a
# gradient a backward pass left in a leaf the setup made, or in a new leaf
# bound to a name the exercise lets the code change (NOTE [a step that makes
# w anew], observe_grads.py), which ``from_autograd: or-backward`` accepts
# (hessian-vector-product's `x.grad` after a second pass); each, where every
# element is one of the elements
# such tensors held (a Hessian stacked from the rows ``grad`` returned).
# A list or tuple of tensors (fix-the-training-loop's `grads`, one per step)
# is judged by its least trusted element; "backward" then counts what every
# pass left, not only the last (``grad_mark_history``).
# Self-reported, as every record is.
def value_provenance() -> dict:
    """name -> "autograd", "func", "backward", "other", "missing" or "not a tensor"."""
    out = {}
    namespace = _getattr(_S, "value_namespace", None)
    for name in _getattr(_S, "value_names", ()):
        try:
            value = namespace.get(name, _MISSING) if namespace is not None else _MISSING
            if value is _MISSING:
                out[name] = "missing"
            elif _of_type(value, (list, tuple)) and value and _len(value) <= MAX_NAMES * 4 \
                    and all(_of_type(v, _Tensor) for v in value):
                out[name] = max((_origin(v) for v in value), key=_ORIGIN_RANK.__getitem__)
            elif not _of_type(value, _Tensor):
                out[name] = "not a tensor"
            else:
                out[name] = _origin(value)
        except Exception:
            out[name] = "unreadable"
    return out


_ORIGIN_RANK = {"autograd": 0, "func": 1, "backward": 2, "other": 3}


def _origin(tensor) -> str:
    """"autograd", "func" or "backward": ``tensor`` holds the values of a tensor autograd returned in the
    run or a pass left, or only elements such tensors held (NOTE [values autograd returned]); else "other"."""
    grads, funcs = _getattr(_S, "grad_results", []), _getattr(_S, "func_results", [])
    marks = list(_getattr(_S, "grad_marks", {}).values()) + list(_getattr(_S, "grad_mark_history", []))
    for notes, source in ((grads, "autograd"), (funcs, "func"), (marks, "backward")):
        if any(_holds_note(tensor, note) for note in notes):
            return source
    if int(_numel(tensor)) > MAX_ELEMENTS:
        return "other"
    wanted = set(_flat(_tolist(_detach(tensor))))
    for notes, source in ((grads, "autograd"), (grads + funcs, "func"), (grads + funcs + marks, "backward")):
        held: set = set()
        for note in notes:
            held.update(_elements(note))
        if wanted and wanted <= held:
            return source
    return "other"


def _elements(note) -> list:
    try:
        return _flat(_tolist(note[2])) if note[2] is not None and int(_numel(note[2])) <= MAX_ELEMENTS else []
    except Exception:
        return []


def _flat(value) -> list:
    if not _isinstance(value, list):
        return [value]
    out: list = []
    for item in value:
        out += _flat(item) if _isinstance(item, list) else [item]
    return out
