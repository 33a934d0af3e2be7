"""What a reverse pass is asked to do, read as it starts: where it starts, with which seeds, and which
inputs each root reaches (observe_calls.py calls ``roots_of`` for each outermost pass; observe_roots.py
judges what was read). Self-reported evidence, like everything observe.py records (docs/grading.md)."""

from __future__ import annotations

import torch

from tutor.grade.observe_chain import TOO_MANY, _among, _grad_fn, _output_nr, function_under, nodes_under
from tutor.grade.observe_grads import MAX_NAMES
from tutor.grade.observe_inputs import read_inputs
from tutor.grade.observe_state import (
    _S, _Tensor, _TensorBase, _any, _detach, _getattr, _isinstance, _len, _no_torch_function_at_all,
    _dict, _list, _numel, _tuple, _type,
)

_range, _bool = range, bool  # as this module was imported: the code may replace the builtins
_GradientEdge = _getattr(torch.autograd.graph, "GradientEdge", ())  # a NamedTuple: one root, not two
_tolist = _TensorBase.tolist
_reshape = _TensorBase.reshape


def roots_of(args, kwargs, api: str, params) -> tuple:
    """``(roots, seeded, by_input)`` of a reverse pass: ``roots`` (the tensors it starts at, the numbers
    each held as it starts, each one's seed as numbers), ``seeded`` (the tensors it seeds with
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
    items = first if _isinstance(first, (tuple, list)) and not _isinstance(first, _GradientEdge) else (first,)
    seed = _seed(call, api)
    seeds = seed if _isinstance(seed, (tuple, list)) else (seed,)
    # a root seeded with zeros starts nothing (NOTE [a zero seed is no pass], observe_calls.py): `loss`
    # seeded with zeros beside a surrogate seeded with ones in one call is the surrogate's pass
    # every root read for its seed, the first MAX_NAMES of those not seeded with zeros kept: `[loss] * 16
    # + [surrogate]`, seeded ones, zeros, ..., ones, read as a pass from loss alone (round 30's attacker);
    # past them, a stand-in that reaches every input asked for
    pairs = [(t, seeds[i] if i < _len(seeds) else None) for i, t in enumerate(items)
             if t is not None and not _zero(seeds[i] if i < _len(seeds) else None)]
    if _len(pairs) > MAX_NAMES:
        pairs = pairs[:MAX_NAMES] + [(_BEYOND, None)]
    # NOTE [a root that is no tensor]: a GradientEdge is a root too, and no `loss`: a stand-in tensor of
    # no graph takes its place among the roots (the edge itself says which inputs it reaches)
    stand_ins = [t if _isinstance(t, _Tensor) else (_named_root(t) or _stand_in()) for t, _ in pairs]
    seeded = tuple(stand_ins)
    if not _S.grad_root_names:
        return ((), (), ()), seeded, ()
    # the seeds' numbers as the pass starts: a seed changed afterwards counts as given (NOTE [a root
    # seeded by a fraction])
    # each root with the numbers it holds as the pass starts (None where a custom Function is on its graph:
    # NOTE [a gradient by a Function], observe_roots.py), for a name bound to a number after its pass
    roots = [(stand_ins[i], None if function_under(stand_ins[i]) else _numbers(stand_ins[i]), _numbers(s))
             for i, (_, s) in enumerate(pairs)]
    asked = call.get("inputs")
    asked = (asked,) if _isinstance(asked, (_Tensor, _GradientEdge)) else list(asked.values())[:4 * MAX_NAMES] \
        if _isinstance(asked, dict) else asked[:4 * MAX_NAMES] if _isinstance(asked, (tuple, list)) else None
    if asked is None:
        return _group(roots), seeded, ()
    reached = [_reached(t, asked) for t, _ in pairs]  # NOTE [a root that reaches nothing asked]
    by_input = tuple((x, _group([root for root, hits in zip(roots, reached) if i in hits]))
                     for i, x in enumerate(asked))
    return _group([root for root, hits in zip(roots, reached) if hits]), seeded, by_input


# NOTE [a root that is no tensor]: `torch.autograd.backward([y, get_gradient_edge(p), get_gradient_edge(w),
# ...], [ones, -ones, gw, gx])` seeds edges of y's graph by hand: p's edge with -1 cancels y's share in w
# and x, and w's and x's accumulators get gradients worked out by hand (round 30's attacker passed
# linear-gradients and clip-with-a-hook so). Only tensors were read as roots, so the edges were no roots at
# all. Each root that is not a tensor now stands among the roots as a tensor of no graph and no numbers,
# which is no `loss` (NOTE [every root is loss], observe_roots.py), and reaches the inputs its node reaches;
# but the edge of a tensor a root name is bound to as the pass starts (`get_gradient_edge(loss)`) is that
# tensor.
def _stand_in():
    return _Tensor()


_BEYOND = object()  # the roots past MAX_NAMES, unread: they may reach anything


def _named_root(edge):
    """The tensor a root name is bound to whose own gradient edge ``edge`` is (`get_gradient_edge(loss)`
    starts the very pass `loss.backward()` does: round 30's second learner), else None."""
    if _type(edge) is not _GradientEdge:  # a subclass's `node` may name another node than its items
        return None
    node, number = _tuple.__getitem__(edge, 0), _tuple.__getitem__(edge, 1)
    namespace = _S.grad_namespace if _S.grad_namespace is not None else _getattr(_S, "value_namespace", None)
    if node is None or namespace is None:
        return None
    for name in _S.grad_root_names:
        t = namespace.get(name)
        if _isinstance(t, _Tensor) and _grad_fn(t) is node and _output_nr(t) == number:
            return t
    return None


def _root_node(root):
    """The node a root's pass starts at: a tensor's grad_fn, a GradientEdge's node."""
    if _isinstance(root, _Tensor):
        return _grad_fn(root)
    # what torch's engine reads of a GradientEdge: its items, not its attributes
    return _tuple.__getitem__(root, 0) if _isinstance(root, _tuple) and _len(root) >= 2 else None


def _group(roots) -> tuple:
    """(tensors, numbers, seeds) of ``(tensor, numbers, seed numbers)`` triples."""
    return tuple(r[0] for r in roots), tuple(r[1] for r in roots), tuple(r[2] for r in roots)


_READ_ONCE = ("tensors", "outputs", "inputs", "grad_tensors", "grad_variables", "grad_outputs")


def materialized(params, args, kwargs) -> tuple:
    """``args``, ``kwargs`` with each sequence torch reads by iterating it (roots, inputs, seeds) read once
    into a tuple, which both the check and torch then read: an iterator of inputs (`D.parameters()`; NOTE
    [a root that reaches nothing asked]), and a list or tuple of a class of the code's, whose ``__iter__``
    gave `[loss]` to the grader and a surrogate to torch (round 31's second attacker)."""
    if not _S.grad_root_names or not params:
        return args, kwargs
    return _read_once(params, args, kwargs, _READ_ONCE, _read_by_iterating, _tuple)


# NOTE [flags read once]: torch reads a pass's flags (`materialize_grads`, `retain_graph` ...) by their
# truth, and `torch.autograd.grad` reads `materialize_grads` before the engine runs and again after it
# returns: a `__bool__` of the code's wrote an input behind autograd's back between the observers' reads
# and the engine, and put it back after (round 32's first attacker). Each flag that is not None, True or
# False is read once, before the observers read anything, and torch gets the bool.
_FLAGS = ("retain_graph", "create_graph", "allow_unused", "is_grads_batched", "materialize_grads", "only_inputs")


def plain_flags(params, args, kwargs) -> tuple:
    """``args``, ``kwargs`` with each flag of a reverse pass read into a bool, once."""
    if not params:
        return args, kwargs
    return _read_once(params, args, kwargs, _FLAGS, _not_a_bool, _bool)


def _not_a_bool(value) -> bool:
    return not (value is None or value is True or value is False)


def _read_once(params, args, kwargs, names, needs, read) -> tuple:
    """``args``, ``kwargs`` with each argument among ``names`` for which ``needs(value)`` replaced by
    ``read(value)`` (given by keyword or by position, as ``params`` names the positions)."""
    for name in names:
        if name not in params:
            continue
        at = params.index(name)
        if name in kwargs:
            value = kwargs[name]
        elif at < _len(args):
            value = args[at]
        else:
            continue
        if not needs(value):
            continue
        value = read(value)
        if name in kwargs:
            kwargs = {**kwargs, name: value}
        else:
            args = (*args[:at], value, *args[at + 1:])
    return args, kwargs


def _read_by_iterating(value) -> bool:
    """torch reads ``value`` by iterating it, and a second reading may differ (an iterator, a container of
    the code's class; a plain tuple or list never does, and a tensor or a GradientEdge is one root)."""
    kind = _type(value)
    if value is None or kind in (_tuple, _list) or _isinstance(value, (_Tensor, _GradientEdge, _dict)):
        return False
    # iterated by `__getitem__` too, where a class has no `__iter__` (round 32's third attacker)
    return _getattr(kind, "__iter__", None) is not None or _getattr(kind, "__getitem__", None) is not None


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
        fn = _grad_fn(t) if _isinstance(t, _Tensor) else _root_node(t) if _isinstance(t, tuple) \
            else None
        if fn is not None:
            nodes.setdefault(fn, set()).add(i)
        elif _isinstance(t, _Tensor):
            leaves.setdefault(id(t), set()).add(i)
    if root is _BEYOND:
        return set(_range(_len(asked)))
    hits: set = set(leaves.get(id(root), ()))
    for fn in nodes_under(_root_node(root), MAX_WALK):
        if fn is TOO_MANY:
            return set()
        hits |= nodes.get(fn, set()) | leaves.get(id(_getattr(fn, "variable", None)), set())
    return hits


def _zero(seed) -> bool:
    try:
        with _no_torch_function_at_all():
            return _type(seed) is _Tensor and not bool(_any(seed))
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
    """A seed's numbers (or a root's, or a name's at the end): [1.0] for none, a flat list for a plain
    tensor, None past MAX_SEED or unreadable."""
    if seed is None:
        return [1.0]
    try:
        # a plain tensor only: a subclass's __torch_function__ or __torch_dispatch__ read 1e-30 as 1 (probes),
        # and past any mode of the code's
        with _no_torch_function_at_all():
            if _type(seed) is _Tensor and 0 < int(_numel(seed)) <= MAX_SEED:
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


# NOTE [a pass inside a pass]: a custom Function's backward (or a hook) of
# the code's may run a reverse pass of its own while the outer pass runs:
# `loss = Carry.apply(...)`, whose backward ran a surrogate's pass into the
# leaves and sent nothing into `loss`'s graph, read as a pass from `loss`
# alone (a probe passed fix-the-in-place-error and clip-with-a-hook so). The
# roots of a pass the code runs inside another are roots of the outer one
# (NOTE [every root is loss], observe_roots.py); torch's own inner passes
# (checkpointing, Tensor.backward's call of torch.autograd.backward) are not.
# Passes in threads of the code's run beside one another: round 30's
# attacker ended a thread's `autograd.grad` while `loss.backward()` ran (the
# one list of inner roots went with it), then ran a surrogate's pass in the
# thread, whose roots went nowhere. Each pass whose roots are judged keeps a
# list of its own now, and a pass of the code's that starts while others run
# adds its roots to every list still open.
def before(inside, learner: bool, args, kwargs, api: str, params, own: bool) -> list | None:
    """Before a reverse pass: the setup's inputs are read (NOTE [an input changed behind autograd's
    back]); one of the code's run while others run adds its roots to each of their lists of inner roots;
    one whose roots are judged (``own``) opens its own list, returned for ``with_inner``."""
    if not inside:
        read_inputs()
    if not _S.grad_root_names:
        return None
    if learner and inside:
        inner = roots_of(args, kwargs, api, params)[1]
        for others in _list(_S.nested_roots.values()):  # a copy, in one step: other threads open and close
            others.extend(inner)
    if not own:
        return None
    mine: list = []
    _S.nested_roots[id(mine)] = mine
    return mine


def close(mine: list | None) -> None:
    """A pass's list of inner roots off the open ones (it ended, or raised)."""
    if mine is not None:
        _S.nested_roots.pop(id(mine), None)


def with_inner(mine: list | None, roots: tuple, by_input: tuple, inside) -> tuple:
    """After a pass whose roots are judged (``mine``: its list from ``before``): its ``roots`` and
    ``by_input`` with the roots of the passes run while it ran (seeded with ones, of no numbers: whatever
    they were, they are no `loss`)."""
    if not inside:
        read_inputs()  # as it ends too: a hook of the pass wrote one, put back after the pass
    if mine is None:
        return roots, by_input
    close(mine)
    # the outer pass's own root again (a TorchFunctionMode of the code's, around `loss.backward()`, calls it
    # once more from its file): the same pass, not one beside it
    extra = tuple(t for t in mine if not _among(t, roots[0]))
    if not extra:
        return roots, by_input

    def more(r: tuple) -> tuple:
        return r[0] + extra, r[1] + (None,) * _len(extra), r[2] + ([1.0],) * _len(extra)

    return more(roots), tuple((x, more(r)) for x, r in by_input)
