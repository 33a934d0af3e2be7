"""Which gradients a backward pass left, and which the code wrote itself.

NOTE [gradients a backward pass left]: a ``grad`` check compares ``.grad``
with the reference's, and numbers can be written by hand: ``w.grad = x``
beside a backward of something unrelated, or after a real pass whose result
the code then "fixes" (found by probing the verdicts: linear-gradients,
keep-the-hidden-gradient, fix-the-in-place-error, clip-with-a-hook passed
so). For a check with ``from_backward: true`` the run notes, after every
reverse pass that fills ``.grad`` (``backward``, ``torch.autograd.backward``),
the gradient each named tensor then holds: the tensor object, its version
counter and a copy of its values. At the end a gradient is ``backward`` when
it is still that object with that version and those values, ``none`` when
there is none, else ``written`` (assigned, or changed in place, through
``.data`` too, after the last pass). Changes made *during* a pass (hooks,
post-accumulate hooks) are the pass's own. Nothing is recorded for exercises
that do not ask: the marks cost a clone per named gradient per pass.

Self-reported evidence, like everything observe.py records (docs/grading.md).
"""

from __future__ import annotations

from tutor.grade.observe_state import (
    _S, _Tensor, _TensorBase, _allclose, _clone, _detach, _get_dtype, _get_shape, _get_version, _getattr,
    _isinstance, _numel,
)

_get_grad = _TensorBase.grad.__get__
MAX_NAMES = 16
MAX_COPY = 1_000_000  # elements a mark copies; a bigger gradient is known by object and version


def begin(namespace: dict, names) -> None:
    _S.grad_names = [str(n) for n in (names or ())][:MAX_NAMES]
    _S.grad_namespace = namespace if _S.grad_names else None
    _S.grad_marks = {}


def _current(name: str):
    """The named tensor's gradient (None: no tensor, or no gradient)."""
    value = _S.grad_namespace.get(name) if _S.grad_namespace is not None else None
    if not _isinstance(value, _Tensor):
        return None
    return _get_grad(value)


def _mark_of(grad) -> tuple:
    return (grad, int(_get_version(grad)), _clone(_detach(grad)) if int(_numel(grad)) <= MAX_COPY else None)


def before() -> dict:
    """Before a reverse pass: each named tensor's gradient (object, version, values), to see what the pass wrote."""
    out = {}
    for name in _S.grad_names:
        try:
            grad = _current(name)
            out[name] = None if grad is None else _mark_of(grad)
        except Exception:
            out[name] = None
    return out


def mark(was: dict) -> None:
    """After a reverse pass: note each gradient the pass wrote (a new tensor, or new values added to the
    old one). One the pass did not change keeps the mark it had: a gradient written by hand, then a pass
    that never reaches it (``torch.zeros((), requires_grad=True).backward()``) or adds zeros to it
    (``(w * 0).sum().backward()``), is still written by hand."""
    for name in _S.grad_names:
        try:
            grad = _current(name)
            if grad is None:
                _S.grad_marks.pop(name, None)
                continue
            old = was.get(name)
            if old is not None and old[0] is grad and (old[1] == int(_get_version(grad)) or (
                    old[2] is not None and _same(grad, old[2]))):
                continue  # not this pass's: untouched, or zeros added
            _S.grad_marks[name] = _mark_of(grad)
        except Exception:
            _S.grad_marks.pop(name, None)


def _same(grad, copy) -> bool:
    if copy is None:
        return True
    return (list(_get_shape(grad)) == list(_get_shape(copy)) and _get_dtype(grad) == _get_dtype(copy)
            and bool(_allclose(_detach(grad), copy, rtol=0.0, atol=0.0, equal_nan=True)))


def provenance() -> dict:
    """name -> "backward", "written" or "none" (or "unreadable"), for the ``observed`` record."""
    out = {}
    for name in _getattr(_S, "grad_names", ()):
        try:
            grad = _current(name)
            if grad is None:
                out[name] = "none"
                continue
            marked = _S.grad_marks.get(name)
            left = (marked is not None and marked[0] is grad and marked[1] == int(_get_version(grad))
                    and _same(grad, marked[2]))
            out[name] = "backward" if left else "written"
        except Exception:
            out[name] = "unreadable"
    return out
