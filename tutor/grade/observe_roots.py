"""Where a reverse pass started, for ``grad`` checks with ``backward_from``
(observe_calls.py notes each outermost pass's roots; observe_grads.mark
keeps them with the gradients the pass left)."""

from __future__ import annotations

from tutor.grade.observe_grads import MAX_NAMES, _MISSING, _get_grad, _holds, _holds_note, _of, _shares
from tutor.grade.observe_state import (
    _S, _SEEDS, _Tensor, _TensorBase, _any, _detach, _getattr, _isinstance, _len, _numel, _type,
)

_tolist = _TensorBase.tolist
_reshape = _TensorBase.reshape


def roots_of(args, kwargs, api: str) -> tuple:
    """((the tensors a reverse pass starts at, the asked names bound to one of them as it starts, the seed
    of each), the tensors it seeds with anything but zeros): ``loss`` of ``loss.backward()``, the
    ``tensors`` of ``torch.autograd.backward``, the ``outputs`` of ``torch.autograd.grad`` (one, or a
    sequence). Never raises: odd arguments start nothing."""
    try:
        return _roots_of(args, kwargs, api)
    except Exception:
        return ((), (), ()), ()


def _roots_of(args, kwargs, api: str) -> tuple:
    key = "outputs" if api == "autograd.grad" else "tensors"
    first = args[0] if args else kwargs.get(key)
    items = first if _isinstance(first, (tuple, list)) else (first,)
    one, other, at = _SEEDS[api]
    seed = kwargs.get(one, kwargs.get(other)) if (one in kwargs or other in kwargs) else \
        (args[at] if at < _len(args) else None)
    seeds = seed if _isinstance(seed, (tuple, list)) else (seed,)
    # a root seeded with zeros starts nothing (NOTE [a zero seed is no pass], observe_calls.py): `loss`
    # seeded with zeros beside a surrogate seeded with ones in one call is the surrogate's pass
    pairs = [(t, seeds[i] if i < _len(seeds) else None) for i, t in enumerate(items[:MAX_NAMES])
             if _isinstance(t, _Tensor) and not _zero(seeds[i] if i < _len(seeds) else None)]
    seeded = tuple(t for t, _ in pairs)  # NOTE [a seed copied in] (observe_seeds.py)
    if _S.grad_root_names:  # NOTE [a root that reaches nothing asked]
        # inputs: autograd.grad's second; Tensor.backward's fifth (self first), torch.autograd.backward's sixth
        asked = (args[1] if _len(args) > 1 else kwargs.get("inputs")) if api == "autograd.grad" else \
            kwargs.get("inputs", args[4] if _len(args) == 5 else args[5] if _len(args) > 5 else None)
        if _isinstance(asked, _Tensor):
            asked = (asked,)
        if _isinstance(asked, (tuple, list)):  # a generator (`model.parameters()`) is torch's to read: not judged
            pairs = [(t, s) for t, s in pairs if _reaches(t, asked[:4 * MAX_NAMES])]
    namespace = _S.grad_namespace if _S.grad_namespace is not None else _S.value_namespace
    unit = tuple(t for t, s in pairs if _unit([s]))
    named = tuple(n for n in _S.grad_root_names
                  if namespace is not None and _from_tensor(unit, namespace.get(n, _MISSING)))
    return (tuple(t for t, _ in pairs), named, tuple(s for _, s in pairs)), seeded


# NOTE [a root that reaches nothing asked]: `torch.autograd.grad([loss, s],
# [z1, z2])` lists `loss` among its outputs, and when `loss` reaches none of
# the inputs asked for, the gradients are all the surrogate's (a probe passed
# grad-without-dot-grad with fresh leaves whose surrogate handed back numbers
# worked out by hand). A root starts the pass only if its graph reaches one of
# the inputs the call asks for (``inputs``); past MAX_WALK nodes it may.
# Inputs given as a generator (`D.parameters()`) are torch's to read (a read
# here would use them up): such a call is not judged so.
MAX_WALK = 4096


def _reaches(root, asked) -> bool:
    nodes, leaves = set(), set()
    for t in asked:
        if t is root:
            return True
        fn = _grad_fn(t) if _isinstance(t, _Tensor) else None
        if fn is not None:
            nodes.add(fn)
        elif _isinstance(t, _Tensor):
            leaves.add(id(t))
    stack, seen = [_grad_fn(root)], set()
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        if fn in nodes or id(_getattr(fn, "variable", None)) in leaves:
            return True
        seen.add(fn)
        if _len(seen) > MAX_WALK:
            return True
        stack.extend(child for child, _ in fn.next_functions)
    return False


def _zero(seed) -> bool:
    try:
        return _isinstance(seed, _Tensor) and not bool(_any(seed))
    except Exception:
        return False


# NOTE [a root seeded by a fraction]: a root counts where the seeds it got
# come to ones: `loss.backward()`, `loss.backward(torch.ones_like(loss))`, or
# two passes of 0.5 that add up. `loss` seeded with 1e-30 beside a surrogate
# seeded with ones (in one call or two) carried the surrogate's numbers as
# the gradient of `loss` (a probe passed linear-gradients and
# keep-the-hidden-gradient so), and a seed of 0.5 leaves half the gradient to
# numbers worked out by hand. Seeds add up over the backward passes that
# added into one gradient; each `torch.autograd.grad` call stands alone (two
# calls that returned the same numbers are two answers, not a sum).
MAX_SEED = 4096  # elements of a seed compared one by one; a bigger seed is no unit


def _unit(seeds) -> bool:
    """The seeds one root got come to ones (no seed: a scalar's implicit 1)."""
    try:
        total = None
        for seed in seeds:
            if seed is None:
                values = [1.0]
            elif _isinstance(seed, _Tensor) and int(_numel(seed)) <= MAX_SEED:
                values = _tolist(_reshape(_detach(seed), (-1,)))
            else:
                return False
            if total is not None and _len(total) != _len(values):
                return False
            total = values if total is None else [a + values[i] for i, a in enumerate(total)]
        if total is None:
            return False
        for v in total:
            if not -1e-6 <= v - 1.0 <= 1e-6:
                return False
        return True
    except Exception:
        return False


# NOTE [the pass that started at the loss]: `from_backward` asks that a
# backward pass left a gradient, and any pass will do. A pass from another
# tensor can carry numbers worked out by hand (`(x * gx).sum().backward()`
# leaves `gx` in `x.grad`), or come from a second graph beside a broken
# `loss` (found by probing the verdicts: fix-the-in-place-error,
# gan-discriminator-step, freeze-the-first-layer, linear-gradients passed
# so). A `grad` check with `backward_from: loss` asks the run which of the
# named tensors the pass (or `torch.autograd.grad` call) whose gradient the
# tensor holds started at, by identity with what each name is bound to when
# the code ends: `loss.backward()`, `torch.autograd.backward([loss])` and
# `torch.autograd.grad(loss, ...)` start at `loss`, and so does a pass from
# a chain of reductions, views and copies of it (`loss.sum()`, `loss.mean()`,
# `loss.reshape(1)`); a product (`loss * 1e-30`, beside a surrogate pass) or
# a second input (`loss * 0 + surrogate`) breaks the chain, and so does a
# detached alias of its memory that the code made a graph of its own. A root
# seeded with anything but ones is none (zeros, or 1e-30 beside a surrogate
# seeded with ones: a probe passed so). Passes that added to one another count
# together, and passes from each term of `loss = a + b` built afterwards
# (the DCGAN tutorial's `a.backward(); b.backward()`) count as one from
# `loss`. Where the name ends bound to no tensor with a graph (`loss =
# loss.item()`, or `loss.detach().clone()`, after the pass), the tensor it was
# bound to as the pass started counts.
def root_provenance() -> dict:
    """tensor name -> the asked root names its gradient's pass started at (``grad_roots`` in the record)."""
    out = {}
    namespace = _getattr(_S, "grad_namespace", None)
    names = _getattr(_S, "grad_root_names", ())
    if not names or namespace is None:
        return out
    for name in _getattr(_S, "grad_names", ()):
        try:
            tensor = namespace.get(name)
            grad = _get_grad(tensor) if _isinstance(tensor, _Tensor) else None
            # passes that added up, each (roots, names bound to one of them as the pass started, seeds): the
            # mark's, and each autograd.grad call's whose result the gradient is (a call stands alone)
            groups: list = []
            if grad is not None and _S.grad_followed.get(id(tensor)) is tensor:
                if _holds(grad, _S.grad_marks.get(id(tensor))):
                    groups.append(_S.grad_mark_roots.get(id(tensor), ()))
                groups += [n[3] for n in _S.grad_results
                           if _holds_note(grad, n) and _shares(grad, n[0]) and _of(n, tensor)]
            out[name] = [root for root in names if any(_started_at(root, namespace, g) for g in groups)]
        except Exception:
            out[name] = []
    return out


def _started_at(root: str, namespace: dict, passes: tuple) -> bool:
    end = namespace.get(root, _MISSING)
    target = _grad_fn(end) if _isinstance(end, _Tensor) else None
    if target is None:  # a number or a detached copy bound after the pass: the tensor bound as it started
        return any(root in named for _, named, _ in passes)
    # each pass once: a copy of a result keeps the roots of the call that made it (observe_copies.py)
    passes = {id(p): p for p in passes}.values()
    pairs = [(t, seeds[i]) for ts, _, seeds in passes for i, t in enumerate(ts)]
    mine = [s for t, s in pairs if _from_tensor((t,), end)]
    if mine:
        return _unit(mine)  # NOTE [a root seeded by a fraction]
    by_node: dict = {}
    for t, s in pairs:
        fn = _grad_fn(t)
        if fn is not None:
            by_node.setdefault(fn, []).append(s)
    return _terms_of(target, {fn for fn, seeds in by_node.items() if _unit(seeds)})


def _from_tensor(tensors, end) -> bool:
    """One of ``tensors`` is ``end``, or a chain of reductions and views of it (``end.sum()``)."""
    if not _isinstance(end, _Tensor):
        return False
    target = _grad_fn(end)
    for t in tensors:
        if t is end:
            return True
        fn = _grad_fn(t)
        for _ in range(MAX_CHAIN):  # down a chain of reductions and views to end's own node
            if fn is None or fn is target:
                break
            inputs = [c for c, _ in fn.next_functions if c is not None]
            fn = inputs[0] if _len(inputs) == 1 and _type(fn).__name__.startswith(_PASS_THROUGH) else None
        if target is not None and fn is target:
            return True
    return False


def _terms_of(target, starts: set) -> bool:
    """``target`` is a sum (``AddBackward0``, nested) of nodes passes started at, and constants."""
    stack, seen = [target], 0
    while stack:
        fn = stack.pop()
        seen += 1
        if seen > MAX_CHAIN * 8 or _type(fn).__name__ != "AddBackward0":
            return False
        for child, _ in fn.next_functions:
            if child is not None and child not in starts:
                stack.append(child)
    return True


_grad_fn = _TensorBase.grad_fn.__get__
MAX_CHAIN = 8  # ops followed from a pass's root towards loss
# Ops that hand a 0-d loss's seed on unchanged (a sum or mean of one number, a view, a copy): a product
# would scale it (`(loss * 1e-30).backward()` beside a surrogate pass made loss a root of x.grad).
_PASS_THROUGH = ("SumBackward", "MeanBackward", "ViewBackward", "ReshapeAliasBackward", "UnsqueezeBackward",
                 "SqueezeBackward", "ExpandBackward", "CloneBackward", "AliasBackward")


def value_root_provenance() -> dict:
    """value name -> the asked root names the ``torch.autograd.grad`` call that returned its tensor (each
    tensor of a list) started at (``value_roots`` in the record)."""
    out = {}
    namespace = _getattr(_S, "value_namespace", None)
    names = _getattr(_S, "grad_root_names", ())
    if not names or namespace is None:
        return out
    for name in _getattr(_S, "value_names", ()):
        try:
            value = namespace.get(name)
            tensors = value if _isinstance(value, (list, tuple)) else [value]
            found = None
            for tensor in tensors[:4 * MAX_NAMES]:
                calls = [n[3] for n in _S.grad_results if _isinstance(tensor, _Tensor) and _holds_note(tensor, n)]
                mine = {root for root in names if any(_started_at(root, namespace, c) for c in calls)}
                found = mine if found is None else found & mine
            out[name] = sorted(found or ())
        except Exception:
            out[name] = []
    return out
