"""Which gradients a backward pass left, and which the code wrote itself.

NOTE [gradients a backward pass left]: a ``grad`` check compares ``.grad``
with the reference's, and numbers can be written by hand: ``w.grad = x``
beside a backward of something unrelated, or after a real pass whose result
the code then "fixes" (found by probing the verdicts: linear-gradients,
keep-the-hidden-gradient, fix-the-in-place-error, clip-with-a-hook passed
so). For a check with ``from_backward: true`` the run follows the tensors
the checks name (bound when the code starts or when a pass runs, or kept by
``retain_grad()`` under any name, in a function too) and, after every
reverse pass that fills ``.grad`` (``backward``, ``torch.autograd.backward``),
notes the values of each gradient the pass wrote. A pass that added to a
gradient written by hand (not zeros, the last pass's values or what
``autograd.grad`` returned) makes no note: hand-written numbers stay so. At
the end a gradient is ``backward`` when its values are the ones noted (or,
too big to copy, it is the same tensor at the same version), or those of a
tensor ``torch.autograd.grad``, a ``torch.func`` transform or
``torch.autograd.functional`` returned for it, held in its memory (an
equivalent API: ``x.grad = gx``, ``x.grad = pullback(v)[0]``; ``_shares``);
``none`` without one; ``unknown`` for a tensor never followed (made in a
function and bound after its pass), but ``written`` where a setup's name was
bound to it (``w = w.detach().requires_grad_(); w.grad = ...``); else
``written``. Changes made *during* a pass (hooks) are the pass's own.
Nothing is recorded for exercises that do not ask.

Self-reported evidence, like everything observe.py records (docs/grading.md).
"""

from __future__ import annotations

from tutor.grade import observe_accumulated as _accumulated
from tutor.grade.observe_chain import TOO_MANY, nodes_under
from tutor.grade.observe_reentrant import differed as _recompute_differed
from tutor.grade.observe_replaced import passed_on as _replaced_on
from tutor.grade.observe_state import (
    _any, _clone, _copy_names, _detach, _dict, equal_bits, _get_dtype, _get_grad, _get_grad_fn, _get_is_leaf,
    _get_shape, _get_version, _getattr, _of_type, _isinstance, _len, _list, _numel, _requires_grad, _S, _Tensor, _TensorBase,
    _type, scaled_values,
)

_storage = _TensorBase.untyped_storage
_nbytes = type(_TensorBase.untyped_storage(_Tensor())).nbytes
_element_size = _TensorBase.element_size
_data_ptr = type(_TensorBase.untyped_storage(_Tensor())).data_ptr
MAX_NAMES = 16
MAX_FOLLOWED = 64
MAX_COPY = 1_000_000  # elements a note copies; a bigger gradient is known by object and version
MAX_HISTORY = 256  # small notes of earlier passes kept for value checks (a list of each step's gradient)
MAX_COPIES = 4_000_000  # elements copied around one pass in all (up to 64 followed tensors): memory stays the run's


def begin(namespace: dict, names, value_names=(), root_names=(), trained=()) -> None:
    _S.value_names = [str(n) for n in (value_names or ())][:MAX_NAMES]
    _S.value_namespace = namespace if _S.value_names else None
    _S.grad_names = [str(n) for n in (names or ())][:MAX_NAMES]
    _S.grad_namespace = namespace if _S.grad_names else None
    _S.grad_root_names = [str(n) for n in (root_names or ())][:MAX_NAMES] if _S.grad_names or _S.value_names else []
    _S.grad_followed, _S.grad_marks, _S.grad_results, _S.func_results = {}, {}, [], []
    _S.grad_mark_roots, _S.grad_mark_history = {}, []
    _S.grad_results_budget = [MAX_COPIES]  # for the whole run
    _accumulated.begin()
    # NOTE [values autograd returned]: what a pass leaves in the setup's leaves counts (a non-leaf's .grad
    # warns when read); NOTE [a step that makes w anew]: and in a new leaf bound to a name in ``trained``
    _S.value_new_leaves = bool(trained and _S.value_names)
    _follow_names()
    if _S.value_names:
        for value in list(namespace.values())[:200]:
            if _leaf(value):
                follow(value)
    _S.grad_setup_bound = {name for name in _S.grad_names
                           if _isinstance(namespace.get(name) if namespace is not None else None, _Tensor)}


def follow(tensor) -> None:
    if _isinstance(tensor, _Tensor) and _len(_S.grad_followed) < MAX_FOLLOWED:
        _S.grad_followed.setdefault(id(tensor), tensor)


def _follow_names() -> None:
    namespace = _S.grad_namespace
    for name in _S.grad_names:
        follow(namespace.get(name) if namespace is not None else None)
    if _S.value_new_leaves:  # NOTE [a step that makes w anew]
        for value in list(_S.value_namespace.values())[:200]:
            if _leaf(value):
                follow(value)


# NOTE [a step that makes w anew]: a training step may bind the name of a
# leaf the setup made to a new leaf (`w = (w - lr * w.grad).detach()
# .requires_grad_()`), or train a copy (`p = w.detach().clone()
# .requires_grad_()`, an optimizer on `p`, `w.copy_(p)`), and each pass's
# gradient is that step's own. Where the exercise lets the code change a
# setup's tensor (``may_change``: fix-the-training-loop's `w`), every leaf
# bound to a name when a pass starts is followed, and every leaf the pass's
# graph accumulates into (a step in a function, on its own local `w`). Elsewhere only the setup's
# leaves are: a new leaf's values are the code's choice, and a pass of
# `(x * x / 2).sum()` hands them back as a gradient (a probe passed
# second-derivative's `g2` by formula so).
def _leaves_under(roots, most: int = 2_000) -> list:
    """The leaves the graphs of ``roots`` accumulate into (the first ``most`` nodes walked)."""
    out = []
    for root in roots:
        for fn in nodes_under(_get_grad_fn(root) if _isinstance(root, _Tensor) else None, most):
            if fn is not TOO_MANY and _leaf(_getattr(fn, "variable", None)):
                out.append(fn.variable)
    return out


def _leaf(value) -> bool:
    return _isinstance(value, _Tensor) and _requires_grad(value) and _get_is_leaf(value)


def wrap_retain_grad(original):
    """``Tensor.retain_grad``, observed: a tensor whose gradient is kept is followed, whatever its name."""
    def retain_grad(self, *args, **kwargs):
        if _S.on and _S.grad_names:
            follow(self)
        return original(self, *args, **kwargs)
    _copy_names(retain_grad, original)
    return retain_grad


def _note(grad, budget: list | None = None) -> tuple:
    """(gradient, version, a copy of its values, or None past MAX_COPY or the pass's ``budget`` of elements)."""
    size = int(_numel(grad))
    copy = None
    if size <= MAX_COPY and (budget is None or budget[0] >= size):
        copy = _clone(_detach(grad))
        if budget is not None:
            budget[0] -= size
    return (grad, int(_get_version(grad)), copy)


def _same(grad, copy) -> bool:
    return (list(_get_shape(grad)) == list(_get_shape(copy)) and _get_dtype(grad) == _get_dtype(copy)
            and equal_bits(_detach(grad), copy))


def _shares(grad, made) -> bool:
    """``grad`` is the tensor ``torch.autograd.grad`` returned, or a view of its memory (``g.detach()``).
    Where no pass left the gradient, numbers worked out by hand to the same bits are another tensor
    (two-paths-add-up: a discarded ``autograd.grad``, then ``x.grad = a + x.exp()``). Values written
    again over what a real pass left stay harmless (``ok_fb_overwrite_equal_values.py``)."""
    try:
        return grad is made or _data_ptr(_storage(grad)) == _data_ptr(_storage(made))
    except Exception:
        return False


def _within_unchanged(note) -> bool:
    """The noted result still holds what it held, and is all of its memory: any view of that memory (a
    row of a batched gradient, ``x.grad = g[0]``) holds the call's numbers."""
    try:
        made = note[0]
        return (note[2] is not None and _same(made, note[2])
                and _nbytes(_storage(made)) == int(_numel(made)) * int(_element_size(made)))
    except Exception:
        return False


def from_a_pass(tensor) -> bool:
    """``tensor``'s .grad is what the last pass that wrote it left there."""
    grad = _get_grad(tensor)
    return grad is not None and _holds(grad, _S.grad_marks.get(id(tensor)))


def _holds(grad, note) -> bool:
    """``grad`` holds what ``note`` saw: the same values, or (no copy) the same tensor at the same version."""
    if note is None:
        return False
    if note[2] is not None:
        return _same(grad, note[2])
    return note[0] is grad and note[1] == int(_get_version(grad))


def _clean(old, note) -> bool:
    """A gradient before a pass (``old``) that the pass may add to: zeros, or the values the last pass left."""
    if old[2] is not None:
        return not bool(_any(old[2])) or (note is not None and note[2] is not None and _same(old[2], note[2]))
    return note is not None and note[0] is old[0] and note[1] == old[1]


def before(roots=()) -> dict:
    """Before a reverse pass from ``roots``: each followed tensor's gradient, to see what the pass wrote,
    and on each followed leaf a hook that notes autograd accumulating into it (NOTE [accumulated, not
    assigned])."""
    _follow_names()
    if _S.value_new_leaves:  # NOTE [a step that makes w anew]: a function's own leaves too
        for leaf in _leaves_under(roots):
            follow(leaf)
    out = {}
    budget = [MAX_COPIES]
    _accumulated.begin_pass()
    handles = []
    for key, tensor in _S.grad_followed.items():
        try:
            grad = _get_grad(tensor)
            out[key] = None if grad is None else _note(grad, budget)
        except Exception:
            out[key] = None
        try:
            if _get_is_leaf(tensor) and _requires_grad(tensor):
                # past any __torch_function__ of the code's: a mode would hand it on to the public method,
                # and the grader's own hook read as the code's (round 28's learner probe: remove-the-hook)
                handles.extend((key, handle) for handle in _accumulated.watch(key, tensor, out[key], roots))
        except Exception:
            pass
    out[_HANDLES] = handles
    return out


# NOTE [accumulated, not assigned], NOTE [a gradient a hook cleared] and NOTE [written during the pass]:
# observe_accumulated.py.
_HANDLES = object()


def abandon(was: dict) -> set:
    """The observers' hooks of a pass taken off (after it, or when it raised); the keys they were on."""
    watched = set()
    for key, handle in was.get(_HANDLES, ()):
        watched.add(key)
        try:
            handle.remove()
        except Exception:
            pass
    return watched


def mark(was: dict, roots: tuple = ((), (), ()), by_input: tuple = ()) -> None:
    """After a reverse pass: note each gradient it wrote. One it did not change keeps the note it had (a
    gradient written by hand, then a pass that never reaches it or adds zeros, is still written by hand);
    one it added to counts only if it held zeros or the last pass's values before. ``roots``: the
    tensors the pass started at (NOTE [the pass that started at the loss])."""
    budget = [MAX_COPIES]
    watched = abandon(was)
    _accumulated.check_at_end(_S.grad_followed)  # NOTE [written during the pass]
    for key, tensor in list(_S.grad_followed.items()):
        try:
            grad = _get_grad(tensor)
            cleared = _S.grad_accumulated_notes.get(key)  # NOTE [a gradient a hook cleared]: None or zeros now
            cleared = cleared if cleared is not None and (grad is None or not bool(_any(grad))) else None
            grad = cleared[0] if cleared is not None else grad
            if grad is None:
                _drop_mark(key)
                continue
            old = was.get(key)
            if not cleared and old is not None and old[0] is grad and (old[1] == int(_get_version(grad))
                                                       or (old[2] is not None and _same(grad, old[2]))):
                continue  # not this pass's: untouched, or zeros added
            returned = _returned(old, tensor) if old is not None else None
            if old is not None and returned is None and not _clean(old, _S.grad_marks.get(key)):
                _drop_mark(key)  # added to numbers written by hand
                continue
            if key in watched and key not in _S.grad_accumulated:
                _drop_mark(key)  # NOTE [accumulated, not assigned]: a hook assigned it
                continue
            if key in _S.seeded_now:
                _drop_mark(key)  # NOTE [a seed copied in] (observe_seeds.py)
                continue
            _replaced_on(key, old is not None and (old[2] is None or bool(_any(old[2]))))
            if _S.grad_root_names:
                # added to what earlier passes left: theirs too; to zeros (or nothing): this pass's alone;
                # to what an autograd.grad call returned and the code assigned: that call's too
                added = old is not None and (old[2] is None or bool(_any(old[2])))
                earlier = returned[3] if returned is not None else _S.grad_mark_roots.get(key, ())
                mine = next((r for x, r in by_input if x is tensor), roots) if by_input else roots
                _S.grad_mark_roots[key] = (earlier if added else ()) + ((mine,) if mine[0] else ())
            _S.grad_marks[key] = note = cleared or _note(grad, budget)
            _keep_in_history(note)
            # NOTE [a gradient a hook cleared]: what autograd accumulated, where a hook of the code's changed it
            accumulated = _S.grad_accumulated_notes.get(key)
            if accumulated is not None and accumulated is not note and not (
                    note[2] is not None and _same(note[2], accumulated[2])):
                _keep_in_history(accumulated)
        except Exception:
            _drop_mark(key)


def _keep_in_history(note) -> None:
    """NOTE [values autograd returned]: every pass's gradients, for value checks of lists (each step's)."""
    if _S.value_names and note[2] is not None and _len(_S.grad_mark_history) < MAX_HISTORY \
            and int(_numel(note[2])) <= MAX_ELEMENTS // 10:
        _S.grad_mark_history.append(note)


def _returned(old, tensor):
    """The note of the ``autograd.grad`` (or transform) result the code assigned to ``tensor.grad`` before a
    pass (``w.grad = g``; ``old``: what it held then): the pass may add to it as to its own."""
    try:
        return next((n for n in _S.grad_results + _S.func_results if old[2] is not None and n[2] is not None
                     and _shares(old[0], n[0]) and _same(old[2], n[2]) and _of(n, tensor)), None)
    except Exception:
        return None


def _drop_mark(key) -> None:
    _S.grad_marks.pop(key, None)
    _S.grad_mark_roots.pop(key, None)


def note_results(result, roots: tuple = ((), (), ()), inputs=None, by_input: tuple = ()) -> None:
    """After ``torch.autograd.grad``: its gradients, the call's ``outputs`` (``by_input``: those that reach
    each input, NOTE [a root that reaches nothing asked]) and, for each gradient, the input it is the
    gradient of (``x.grad = g`` counts only where ``g`` is ``x``'s). Inputs in a dict return a dict."""
    items, wrt = (list(v.values()) if _isinstance(v, dict) else v if _isinstance(v, (tuple, list)) else (v,)
                  for v in (result, inputs))
    for i, item in enumerate(items[:MAX_NAMES]):
        if _isinstance(item, _Tensor):
            try:
                note = _note(item, _S.grad_results_budget)
                of = wrt[i] if i < _len(wrt) and _isinstance(wrt[i], _Tensor) else None
                if of is not None and id(of) in _S.seeded_now:
                    continue  # NOTE [a seed copied in] (observe_seeds.py): `grad(x, x, g)` is `g`
                mine = by_input[i][1] if i < _len(by_input) else roots
                if note[2] is not None:  # only values can be matched later; the latest calls are kept
                    keep(_S.grad_results, (*note, (mine,) if mine[0] else (), of))
            except Exception:
                pass


def keep(notes: list, note: tuple) -> None:
    """``note`` added to a record of results, which keeps the latest ``4 * MAX_NAMES``."""
    notes[:] = notes[-4 * MAX_NAMES + 1:] + [note]


def _of(note, tensor) -> bool:
    """``note`` (a result of ``autograd.grad`` or a transform) may be ``tensor``'s gradient: the call named it
    among its inputs, or did not say (remove-the-hook: a detached copy's, assigned to `w.grad`, passed)."""
    return _len(note) < 5 or note[4] is None or note[4] is tensor


def note_func_results(result, depth: int = 0) -> None:
    """After a ``torch.func`` transform's function or ``torch.autograd.functional``
    returned: its tensors (in tuples too), for value checks only (NOTE [values autograd returned])."""
    if _isinstance(result, _Tensor):
        try:
            note = _note(result, _S.grad_results_budget)
            if note[2] is not None:
                keep(_S.func_results, note)
        except Exception:
            pass
    elif _isinstance(result, (tuple, list)) and depth < 2:
        for item in result[:MAX_NAMES]:
            note_func_results(item, depth + 1)
    elif _type(result) is _dict and depth < 2:  # `grad(f)({"w": w})` returns its gradients by name
        for item in _list(result.values())[:MAX_NAMES]:
            note_func_results(item, depth + 1)


MAX_ELEMENTS = 100_000  # a value matched element by element at most this big (observe_values.py)
_MISSING = object()


def _holds_note(tensor, note) -> bool:
    """A note made inside a torch.func transform (autograd.grad called by torch itself) holds a wrapper
    that is dead once the transform returned: it matches nothing."""
    try:
        return note[2] is not None and _same(tensor, note[2])
    except Exception:
        return False


def provenance() -> dict:
    """name -> "backward", "scaled", "written", "none", "taken", "unknown" (or "unreadable"), for the ``observed``
    record."""
    out = {}
    namespace = _getattr(_S, "grad_namespace", None)
    for name in _getattr(_S, "grad_names", ()):
        try:
            tensor = namespace.get(name) if namespace is not None else None
            grad = _get_grad(tensor) if _of_type(tensor, _Tensor) else None
            if grad is None:
                # a gradient a pass left, taken away since (`p.grad = None` in a hook): "taken", for the words
                out[name] = "taken" if _S.grad_marks.get(id(tensor)) is not None else "none"
            elif _recompute_differed():  # NOTE [a reentrant recompute that differs] (observe_reentrant.py)
                out[name] = "written"
            elif id(tensor) not in _S.grad_followed or _S.grad_followed[id(tensor)] is not tensor:
                # never seen by a pass: a tensor made and bound out of their sight (in a function) is
                # unknown; the setup's name bound to another tensor with a gradient, written by hand
                out[name] = "written" if name in _S.grad_setup_bound else "unknown"
            elif _holds(grad, _S.grad_marks.get(id(tensor))) or any(
                    (_holds_note(grad, n) or _within_unchanged(n)) and _shares(grad, n[0]) and _of(n, tensor)
                    for n in _S.grad_results + _S.func_results):
                # or what torch.autograd.grad (or a torch.func / autograd.functional call) returned,
                # assigned: an equivalent API
                out[name] = "backward"
            else:
                note = _S.grad_marks.get(id(tensor))
                # what the last pass left, times a number (`p.grad /= 4` after accumulating): "scaled"
                out[name] = "scaled" if note is not None and note[2] is not None \
                    and scaled_values(grad, note[2]) else "written"
        except Exception:
            out[name] = "unreadable"
    return out
