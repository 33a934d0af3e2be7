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


def roots_of(args, kwargs, api: str, params) -> tuple:
    """``(roots, seeded, by_input)`` of a reverse pass: ``roots`` (the tensors it starts at, the asked names
    bound to one of them as it starts, each one's seed as numbers), ``seeded`` (the tensors it seeds with
    anything but zeros: NOTE [a seed copied in], observe_seeds.py) and ``by_input`` (each input the call
    asks for, with the roots that reach it: NOTE [a root that reaches nothing asked]; empty where it asks
    for none). ``loss`` of ``loss.backward()``, the ``tensors`` of ``torch.autograd.backward``, the
    ``outputs`` of ``torch.autograd.grad``; ``params``: the wrapped function's parameter names, in order.
    Never raises: odd arguments start nothing."""
    try:
        return _roots_of(_arguments(params, args, kwargs), api)
    except Exception:
        return ((), (), ()), (), ()


def _arguments(params, args, kwargs) -> dict:
    """The call's arguments by name (Tensor.backward's ``self`` first; torch.autograd.backward's
    ``tensors``)."""
    out = dict(zip(params, args)) if params else {"tensors": args[0]} if args else {}
    out.update(kwargs)
    return out


def _seed(call: dict, api: str):
    """``gradient``, ``grad_tensors`` or its old name ``grad_variables`` (torch still reads it),
    ``grad_outputs``."""
    for key in ("grad_outputs",) if api == "autograd.grad" else ("gradient", "grad_tensors", "grad_variables"):
        if call.get(key) is not None:
            return call[key]
    return None


def _roots_of(call: dict, api: str) -> tuple:
    first = call.get("outputs") if api == "autograd.grad" else call.get("self", call.get("tensors"))
    items = first if _isinstance(first, (tuple, list)) else (first,)
    seed = _seed(call, api)
    seeds = seed if _isinstance(seed, (tuple, list)) else (seed,)
    # a root seeded with zeros starts nothing (NOTE [a zero seed is no pass], observe_calls.py): `loss`
    # seeded with zeros beside a surrogate seeded with ones in one call is the surrogate's pass
    pairs = [(t, seeds[i] if i < _len(seeds) else None) for i, t in enumerate(items[:MAX_NAMES])
             if _isinstance(t, _Tensor) and not _zero(seeds[i] if i < _len(seeds) else None)]
    seeded = tuple(t for t, _ in pairs)
    if not _S.grad_root_names:
        return ((), (), ()), seeded, ()
    # the seeds' numbers as the pass starts: a seed changed afterwards counts as given (NOTE [a root
    # seeded by a fraction])
    pairs = [(t, _numbers(s)) for t, s in pairs]
    asked = call.get("inputs")
    asked = (asked,) if _isinstance(asked, _Tensor) else list(asked.values())[:4 * MAX_NAMES] \
        if _isinstance(asked, dict) else asked[:4 * MAX_NAMES] if _isinstance(asked, (tuple, list)) else None
    if asked is None:
        return _group(pairs), seeded, ()
    reached = [_reached(t, asked) for t, _ in pairs]  # NOTE [a root that reaches nothing asked]
    by_input = tuple((x, _group([pair for pair, hits in zip(pairs, reached) if i in hits]))
                     for i, x in enumerate(asked))
    return _group([pair for pair, hits in zip(pairs, reached) if hits]), seeded, by_input


def _group(pairs) -> tuple:
    """(tensors, names bound to one of them started with a unit seed, seeds) of ``(tensor, numbers)`` pairs."""
    namespace = _S.grad_namespace if _S.grad_namespace is not None else _S.value_namespace
    unit = tuple(t for t, s in pairs if _unit([s]))
    named = tuple(n for n in _S.grad_root_names
                  if namespace is not None and _from_tensor(unit, namespace.get(n, _MISSING)))
    return tuple(t for t, _ in pairs), named, tuple(s for _, s in pairs)


def materialized(params, args, kwargs) -> tuple:
    """``args``, ``kwargs`` with ``inputs`` given as an iterator (`D.parameters()`) read into a tuple, as
    torch reads it: the check can read it then (NOTE [a root that reaches nothing asked])."""
    if not _S.grad_root_names or not params or "inputs" not in params:
        return args, kwargs
    at = params.index("inputs")
    value = kwargs["inputs"] if "inputs" in kwargs else args[at] if at < _len(args) else None
    if value is None or _getattr(_type(value), "__next__", None) is None:
        return args, kwargs
    value = tuple(value)
    if "inputs" in kwargs:
        return args, {**kwargs, "inputs": value}
    return (*args[:at], value, *args[at + 1:]), kwargs


# NOTE [a root that reaches nothing asked]: `torch.autograd.grad([loss, s],
# [z1, z2])` lists `loss` among its outputs, and when `loss` reaches none of
# the inputs asked for, the gradients are all the surrogate's (a probe passed
# grad-without-dot-grad with fresh leaves whose surrogate handed back numbers
# worked out by hand). A root starts the pass, for each input the call asks
# for (``inputs``: tensors, a dict of them, GradientEdges), only if its graph
# reaches that input: asking for `b` too, which `loss` reaches, or for `loss`
# itself, gave `loss` the fresh leaves' gradients. Past MAX_WALK nodes it
# reaches none (5,000 views of `loss` passed a walk that gave up). An
# iterator of inputs (`D.parameters()`) is read into a tuple as torch would.
MAX_WALK = 100_000


def _reached(root, asked) -> set:
    """The indices of ``asked`` that ``root``'s graph reaches (an input that is ``root`` is reached where
    ``root`` is a leaf or its own node is asked: the call then differentiates it by itself)."""
    nodes, leaves = {}, {}
    for i, t in enumerate(asked):
        fn = _grad_fn(t) if _isinstance(t, _Tensor) else _getattr(t, "node", None) if _isinstance(t, tuple) \
            else None
        if fn is not None:
            nodes.setdefault(fn, set()).add(i)
        elif _isinstance(t, _Tensor):
            leaves.setdefault(id(t), set()).add(i)
    hits: set = set()
    if id(root) in leaves:
        hits |= leaves[id(root)]
    stack, seen = [_grad_fn(root)], set()
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        if _len(seen) > MAX_WALK:
            return set()
        hits |= nodes.get(fn, set()) | leaves.get(id(_getattr(fn, "variable", None)), set())
        stack.extend(child for child, _ in fn.next_functions)
    return hits


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
# calls that returned the same numbers are two answers, not a sum). A seed
# is read as the pass starts (one filled with ones afterwards passed), by
# every name torch reads it by (`grad_variables` too).
MAX_SEED = 4096  # elements of a seed read one by one; a bigger seed is no unit


def _numbers(seed):
    """A seed's numbers: [1.0] for none, a flat list for a tensor, None past MAX_SEED or unreadable."""
    if seed is None:
        return [1.0]
    try:
        if _isinstance(seed, _Tensor) and 0 < int(_numel(seed)) <= MAX_SEED:
            return [float(v) for v in _tolist(_reshape(_detach(seed), (-1,)))]
    except Exception:
        pass
    return None


def _unit(seeds) -> bool:
    """The seeds one root got (``_numbers`` each) come to ones."""
    total = None
    for values in seeds:
        if values is None or (total is not None and _len(total) != _len(values)):
            return False
        total = values if total is None else [a + values[i] for i, a in enumerate(total)]
    if not total:
        return False
    for v in total:
        if not -1e-6 <= v - 1.0 <= 1e-6:
            return False
    return True


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
# seeded with ones: a probe passed so), and so is a chain through a tensor of
# no element (`loss.expand(0).sum()`). Passes that added to one another count
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
            fn = inputs[0] if _len(inputs) == 1 and _type(fn).__name__.startswith(_PASS_THROUGH) \
                and not _empty(fn) else None
        if target is not None and fn is target:
            return True
    return False


def _empty(fn) -> bool:
    """``fn`` made a tensor of no element (`loss.expand(0)`): nothing flows back through it to ``loss``."""
    try:
        return any(0 in _getattr(m, "shape", ()) for m in fn._input_metadata)
    except Exception:
        return True


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
