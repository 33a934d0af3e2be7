"""Numbers the code's own hooks worked out, for ``value`` checks with ``from_hooks: true``.

NOTE [numbers worked out in hooks]: log-after-accumulation and
watch-each-layer ask for norms recorded by hooks. A hook that does nothing
(``w.register_hook(lambda g: g)``), beside the same norms read after each
backward from ``w.grad`` or from retained gradients, reached the right
numbers and passed (the corpus' gap files). For a check that asks:

- each hook the code registers (observe_calls._wrap_hook) runs wrapped:
  the tensors it is given are marked, and a torch-function mode is on while
  it runs and marks every tensor a torch call makes there;
- the same mode is on for the whole of the code, and marks what a torch
  call makes from a marked tensor (a hook that keeps a copy of the
  gradient, its norm taken after the loop, is a hook's work too). An
  attribute read (``p.grad``) marks nothing: the gradient it hands back
  lives on, and the loop can read it after backward;
- the numbers a marked call returns (``.item()``, ``float()``, ``.tolist()``)
  and the values of small marked tensors are noted, and so are the numbers
  a hook added to a judged name while it ran (``norms.append(...)``, however
  worked out: numpy, math).

At the end, a name is "hooks" when it holds numbers (one, or a list or tuple
of them, or a small tensor) and every one was noted; "other" when one was
not. The value check fails "other" only where the reference's is "hooks".
A hook's own mode is pushed on the thread that runs it (on a GPU, torch's
device threads run backward's hooks). Nothing runs for runs that do not
ask. Self-reported, as every record is (docs/grading.md).

NOTE [gradients handed to hooks, scaled]: the noting above cannot tell a
hook's own work from numbers it only carried: norms worked out by hand
before the pass and appended by a hook, a hook that keeps a layer's weights
for a formula after backward, forward hooks that work the gradients out,
numbers read from retained gradients beside hooks that print (the corpus'
gap files of watch-each-layer passed so; so did a post-accumulate hook
that added up a gradient worked out by hand, in log-after-accumulation). A
hidden trial with `scale_hook_gradients: k` hands every hook of a backward
kind (tensor, module backward, node and multi-grad hooks) each gradient
times k, in the reference's run as in the code's, and scales back what the
hook returns, so the pass goes on as it would. While a hook of the code's
runs, the `.grad` of a leaf it is on, and a `grad` check follows, reads
as a copy times k: a post-accumulate hook is handed its leaf, and a hook
on `w` that adds the incoming gradient to what `w.grad` holds reads it; a
hook on a leaf's accumulator is on that leaf, where a `hooks` check names
it (NOTE [a hook on a leaf's accumulator]). Any other `.grad` reads as it
is: a hook on another leaf that read `w.grad`, beside one on `w` that did
nothing, and a dummy leaf's `.grad` set by hand and read for the factor,
by a hook on it or on another, passed (round 34's attackers). A hook that
changes a `.grad` it read in place changes the copy only. Numbers worked
out from what the hooks were given follow k as the reference's do;
numbers got any other way do not, and the value check compares them with
the reference's as on any trial; a failure there reads words of the
trial's own (Value.hidden_words: the trial is hidden). One factor for a whole trial can be read
by code that knows a true value beside a scaled one (the loss's seed of 1
handed to a hook on `loss`, a by-hand gradient beside the scaled
`w.grad`, a constant a hook returns, scaled back): attacks on the rule,
left as gap files (docs/grading.md, round 34).
"""

from __future__ import annotations

from torch.overrides import TorchFunctionMode

from tutor.grade.observe_state import (
    _S, _Tensor, _TensorBase, _copy_names, _detach, _getattr, _isinstance, _len, _mul, _no_torch_function_at_all,
    _numel, _type,
)

_tolist = _TensorBase.tolist
_GRAD, _GRAD_ = _TensorBase.__dict__["grad"], _TensorBase.__dict__["_grad"]  # what `.grad` reads go through
_bool, _int, _float, _list, _tuple, _id = bool, int, float, list, tuple, id
MAX_NAMES = 16
MAX_MARKED = 4096  # tensors marked (kept alive until the run ends)
MAX_NOTED = 100_000  # numbers noted
SMALL = 64  # a marked tensor of at most this many elements has its values noted
_MISSING = object()


class _Marks(TorchFunctionMode):
    """Marks what torch calls make inside hooks, and from what was marked."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        try:
            # An attribute read (``p.grad``) hands back a tensor that lives on
            # (the gradient the loop reads after backward): never marked.
            if _getattr(func, "__name__", None) == "__get__":
                owner = _getattr(func, "__self__", None)
                if _S.in_hook and _S.hook_scale and (owner is _GRAD or owner is _GRAD_) and _isinstance(out, _Tensor) \
                        and args and _one_of(args[0], _S.hook_leaves) and _S.grad_followed.get(_id(args[0])) is args[0]:
                    with _no_torch_function_at_all():  # NOTE [gradients handed to hooks, scaled]: as a hook reads it
                        return _mul(out, _S.hook_scale)
                return out
            if _S.in_hook or _marked_in(args) or (kwargs and _marked_in(kwargs.values())):
                _mark(out, 0)
        except Exception:  # noting is optional; the call's result is what the code gets
            pass
        return out


def begin(namespace: dict, names, scale=None) -> None:
    """Before the code under test: the names to judge, and the mode on when asked; ``scale``: the factor
    of NOTE [gradients handed to hooks, scaled], or None."""
    _S.hook_names = [str(n) for n in (names or ())][:MAX_NAMES]
    _S.hook_scale = _float(scale) if scale and _S.hook_names else None
    _S.hook_namespace = namespace if _S.hook_names else None
    _S.in_hook, _S.marked, _S.noted, _S.hook_mode = 0, {}, set(), None
    if _S.hook_names:
        mode = _Marks()
        mode.__enter__()
        _S.hook_mode = mode


def end() -> None:
    """Right after the code under test: the mode off (it is the code's to leave on top, or not)."""
    mode, _S.hook_mode = _getattr(_S, "hook_mode", None), None
    if mode is not None:
        try:
            mode.__exit__(None, None, None)
        except Exception:
            pass


def wrap(hook, watch: str = "", leaves=()):
    """The code's ``hook``, run with marking on (only for runs that ask); ``watch``: "grad" for a hook
    handed gradients, "post" for a post-accumulate hook (handed its leaf), "" for a forward hook; ``leaves``:
    the tensors it is on, whose `.grad` it reads scaled (NOTE [gradients handed to hooks, scaled])."""
    if not _getattr(_S, "hook_names", None) or not callable(hook):
        return hook
    scale = _S.hook_scale if watch == "grad" else None

    def marked_hook(*args, **kwargs):
        before = _named_numbers()
        if scale is not None and watch == "grad":
            args = _scaled(args, scale)
        _mark_given(args)  # a module hook's grad_output, kept and read after backward, is the hook's too
        _S.in_hook += 1
        outer, _S.hook_leaves = _S.hook_leaves, leaves
        try:
            with _Marks():  # a pass started under the global mode runs with it off
                result = hook(*args, **kwargs)
        finally:
            _S.in_hook -= 1
            _S.hook_leaves = outer
            _note_added(before)
        return result if scale is None or result is None or watch != "grad" else _scaled(result, 1.0 / scale)

    _copy_names(marked_hook, hook)
    return marked_hook


def _one_of(item, items) -> bool:
    for other in items:
        if other is item:
            return True
    return False


def _scaled(value, k: float, depth: int = 0):
    """``value`` with every tensor in it (itself, or in a list or tuple) times ``k``, by no code of the
    learner's (no mode, no tensor subclass's __torch_function__); what is not a tensor, as it is."""
    if _isinstance(value, _Tensor):
        with _no_torch_function_at_all():
            return _mul(value, k)
    if _isinstance(value, (_list, _tuple)) and depth < 2:
        items = [_scaled(v, k, depth + 1) for v in value]
        return items if _type(value) is _list else _tuple(items)
    return value


def _named_numbers() -> dict:
    namespace = _S.hook_namespace
    out = {}
    for name in _S.hook_names:
        try:
            out[name] = _numbers(namespace.get(name)) if namespace is not None else None
        except Exception:
            out[name] = None
    return out


def _note_added(before: dict) -> None:
    """The numbers a hook added to a judged name (``norms.append(...)``), however it worked them out
    (numpy, math): noted, as what a marked call returned is."""
    try:
        for name, after in _named_numbers().items():
            left: dict = {}
            for n in before.get(name) or ():
                left[n] = left.get(n, 0) + 1
            for n in after or ():
                if left.get(n, 0) > 0:
                    left[n] -= 1
                elif _len(_S.noted) < MAX_NOTED:
                    _S.noted.add(n)
    except Exception:
        pass


def _mark_given(args) -> None:
    try:
        for value in args[:SMALL]:
            items = value if _isinstance(value, (list, tuple)) else (value,)
            for item in items[:SMALL]:
                if _isinstance(item, _Tensor) and _len(_S.marked) < MAX_MARKED:
                    _S.marked[id(item)] = item
    except Exception:
        pass


def _marked_in(values) -> bool:
    marked = _S.marked
    if not marked:
        return False
    for v in values:
        if _isinstance(v, _Tensor):
            if marked.get(id(v)) is v:
                return True
        elif _isinstance(v, (list, tuple)):
            for w in v[:SMALL]:
                if _isinstance(w, _Tensor) and marked.get(id(w)) is w:
                    return True
    return False


def _mark(value, depth: int) -> None:
    if _isinstance(value, _Tensor):
        if _len(_S.marked) < MAX_MARKED:
            _S.marked[id(value)] = value
        if int(_numel(value)) <= SMALL:
            _note(_tolist(_detach(value)), 0)
    elif _isinstance(value, (list, tuple)) and depth < 3:
        for item in value[:SMALL]:
            _mark(item, depth + 1)
    else:
        _note(value, 0)


def _note(value, depth: int) -> None:
    if _isinstance(value, (_int, _float)) and not _isinstance(value, _bool):
        if _len(_S.noted) < MAX_NOTED:
            _S.noted.add(value)
    elif _isinstance(value, (list, tuple)) and depth < 4:
        for item in value[:SMALL * SMALL]:
            _note(item, depth + 1)


def _numbers(value, depth: int = 0) -> list | None:
    """The numbers ``value`` holds (a number, a list or tuple of them, a small tensor), else None."""
    if _isinstance(value, (_int, _float)) and not _isinstance(value, _bool):
        return [value]
    if _isinstance(value, _Tensor) and int(_numel(value)) <= SMALL * SMALL:
        return _numbers(_tolist(_detach(value)), depth)
    if _isinstance(value, (list, tuple)) and depth < 3:
        out = []
        for item in value[:SMALL * SMALL]:
            inner = _numbers(item, depth + 1)
            if inner is None:
                return None
            out += inner
        return out
    return None


def provenance() -> dict:
    """name -> "hooks", "other", "no numbers" or "missing" (or "unreadable"), for the ``observed`` record."""
    out = {}
    namespace = _getattr(_S, "hook_namespace", None)
    noted = _getattr(_S, "noted", set())
    for name in _getattr(_S, "hook_names", ()):
        try:
            value = namespace.get(name, _MISSING) if namespace is not None else _MISSING
            numbers = None if value is _MISSING else _numbers(value)
            if value is _MISSING:
                out[name] = "missing"
            elif not numbers:
                out[name] = "no numbers"
            elif all(n in noted for n in numbers):
                out[name] = "hooks"
            else:
                out[name] = "other"
        except Exception:
            out[name] = "unreadable"
    return out
