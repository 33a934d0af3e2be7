"""Reverse passes that a ``__torch_function__`` answered itself.

NOTE [a call answered by __torch_function__]: ``torch.autograd.grad`` and
``backward`` hand themselves to a ``TorchFunctionMode`` (or to a Tensor
subclass's ``__torch_function__``) before they do anything; the mode may
call them for real (a mode that logs every call: honest, and in the corpus)
or answer with whatever it likes: numbers by hand returned as the results of
`torch.autograd.grad(loss, [h, W])` passed grad-without-dot-grad (round 28's
probe). Where torch hands such a call over, the run asks whether autograd's
engine ran inside it from the call's own roots (the very tensors: a mode
that answered with a surrogate's `vjp` ran the engine from other ones),
seeded exactly as the call asked (NOTE [seeded as asked]: ones where it
named no gradient; copies taken as the call was handed over), and
whether each tensor it returned is one that run returned: the same memory
(a subclass's ``__torch_function__`` hands back a new object on it),
holding the numbers the engine left there (or None, or zeros:
``materialize_grads``). Where not, the answer is the code's own, as a
dispatch of its own is (NOTE [a dispatch of the code's own],
observe_dispatch.py): the checks that ask where a pass started fail.

The engine's entry is also where NOTE [a recompute's nodes]
(observe_recompute.py) looks at every pass's roots, as torch hands them on,
and where NOTE [a hook on a leaf's accumulator] (observe_targets.py) asks
the named leaves' accumulators for their hooks.
"""

from __future__ import annotations

import torch
import torch._tensor as _T
import torch.autograd as _A

from tutor.grade import observe_targets as _hook_targets
from tutor.grade.observe_chain import compiler_set as _compiler_set
from tutor.grade.observe_inpass import running as _running
from tutor.grade.observe_recompute import look_at as _look_at
from tutor.grade.observe_reentrant import torchs_own_pass as _torchs_own_pass
from tutor.grade.observe_state import (
    _dict, equal_bits, _getattr, _isinstance, _len, _list, _no_torch_function_at_all, _S, _Tensor, _tuple, _type,
)

_Base = torch._C.TensorBase
_any_nonzero, _clone, _detach = _Base.any, _Base.clone, _Base.detach
_data_ptr, _stride, _shape, _dtype = _Base.data_ptr, _Base.stride, _Base.shape.__get__, _Base.dtype.__get__
_range = range  # as this module was imported: the code may replace the builtins
MOST = 256  # tensors of the engine's results kept per run


class _Engine:
    watching = 0  # handed-over calls under way
    runs: list = []  # while one is: (the roots, [(each tensor returned, a copy)], zeros) per run of the engine
    batched = 0  # inside torch's vmap of a batched grad (NOTE [a batched pass handed over])


def _engine(run):
    def observed(t_outputs, *args, **kwargs):
        if not _torchs_own_pass(t_outputs):  # NOTE [a reentrant recompute's nodes]
            _look_at((t_outputs,))  # NOTE [a recompute's nodes]
        if _S.on:
            _hook_targets.before_pass()  # NOTE [a hook on a leaf's accumulator]
            if _compiler_set():  # NOTE [a compiler of every pass] (observe_chain.py)
                _S.own_dispatch = True
        result = _running(run, t_outputs, *args, **kwargs)  # NOTE [the code's own code in a pass]
        if _Engine.watching and _len(_Engine.runs) < MOST:
            kept = []
            if not _Engine.batched and _isinstance(result, _tuple):  # NOTE [a batched pass handed over]
                with _no_torch_function_at_all():
                    for item in result[:MOST]:
                        if _isinstance(item, _Tensor):
                            kept.append((item, _clone(_detach(item))))
            seeds = None if _Engine.batched else _copies(args[0] if args else None)
            _Engine.runs.append((_tuple(t_outputs)[:MOST], kept, seeds))
        return result
    return observed


def _answered(handle):
    def observed(public_api, relevant_args, *args, **kwargs):
        name = _getattr(public_api, "__name__", "")
        if not _S.on or name not in ("grad", "backward"):
            return handle(public_api, relevant_args, *args, **kwargs)
        first = args[0] if args else None
        roots = _tuple(first)[:MOST] if _isinstance(first, (_tuple, _list)) else (first,)
        asked = _asked(kwargs, _len(roots))  # as the call asked, before a mode can change it
        outer = _Engine.runs
        _Engine.runs = []
        _Engine.watching += 1
        try:
            result = handle(public_api, relevant_args, *args, **kwargs)
            # a run of the engine from the call's roots, seeded as the call asked; for grad, its results
            # as torch returns them: a plain tuple (a dict for a dict of inputs) of the engine's tensors
            from_roots = [kept for ran, kept, seeds in _Engine.runs if _same(ran, roots)
                          and _seeded_as(seeds, asked)]
            if not from_roots or (name == "grad" and not _engine_made(result, from_roots)):
                _S.own_dispatch = True
            return result
        finally:
            _Engine.watching -= 1
            _Engine.runs = outer + _Engine.runs if _Engine.watching else []
    return observed


# NOTE [a batched pass handed over]: with ``is_grads_batched``, torch.autograd.grad
# runs the engine inside its own vmap (torch._vmap_internals._vmap), and the
# engine returns batched tensors there: a copy of one fails (no batching rule
# for detach), and a logging mode, or `with torch.device(...)`, around an
# honest batched call raised that in the code. Inside torch's vmap the engine
# run is noted with nothing kept, so a handed-over batched call is never
# credited as the engine's: the checks that ask where a pass started refuse
# a batched seed anyway (no seed of ones, NOTE [the pass that started at the
# loss], observe_roots.py), and the other checks do not ask.
def _vmap(vmap):
    def observed(func, *args, **kwargs):
        batched_fn = vmap(func, *args, **kwargs)

        def run(*inner):
            _Engine.batched += 1
            try:
                return batched_fn(*inner)
            finally:
                _Engine.batched -= 1
        return run
    return observed


def _same(a: tuple, b: tuple) -> bool:
    if _len(a) != _len(b):
        return False
    for i in _range(_len(a)):
        if a[i] is not b[i]:
            return False
    return True


def _copies(seeds):
    """Copies of the seeds an engine run got, or None (unreadable: a batched seed)."""
    if not _isinstance(seeds, _tuple):
        return None
    try:
        with _no_torch_function_at_all():
            return _tuple(None if seed is None else _clone(_detach(seed)) if _isinstance(seed, _Tensor) else _MISSING
                          for seed in seeds[:MOST])
    except Exception:  # noqa: BLE001
        return None


def _asked(kwargs: dict, count: int):
    """The gradients a handed-over call asked its roots to be seeded with (copies; None: ones), or None."""
    given = None
    for name in ("gradient", "grad_tensors", "grad_outputs"):
        if name in kwargs:
            given = kwargs[name]
    if given is None:
        return (None,) * count
    return _copies(_tuple(given) if _isinstance(given, (_tuple, _list)) else (given,))


def _seeded_as(seeds, asked) -> bool:
    """NOTE [seeded as asked]: an engine run seeded exactly as the handed-over call asked (ones where it
    named none). One seeded with zeros, or 1e-30 beside gradients written by hand (round 29's attacker),
    is not the call's."""
    if seeds is None or asked is None or _len(seeds) != _len(asked):
        return False
    try:
        with _no_torch_function_at_all():
            for i in _range(_len(seeds)):
                seed, want = seeds[i], asked[i]
                if seed is None or seed is _MISSING or want is _MISSING:
                    return False
                if want is None:
                    if not bool(_Base.all(_Base.eq(seed, 1))):
                        return False
                elif _shape(seed) != _shape(want) or not equal_bits(seed, want):
                    return False
    except Exception:  # noqa: BLE001 - unreadable: not as asked
        return False
    return True


_MISSING = object()


def _engine_made(result, from_roots: list) -> bool:
    kind = _type(result)  # exactly torch's: a subclass of tuple may iterate as it likes
    if kind is not _tuple and kind is not _dict:
        return False
    items = _list(_dict.values(result)) if kind is _dict else _list(result)
    with _no_torch_function_at_all():
        for item in items[:MOST]:
            if item is None:
                continue
            try:
                if _isinstance(item, _Tensor) and (_the_engines(item, from_roots) or not bool(_any_nonzero(item))):
                    continue  # the engine's, or materialize_grads' zeros
            except Exception:  # noqa: BLE001 - unreadable: not the engine's
                pass
            return False
    return True


def _the_engines(item, from_roots: list) -> bool:
    """``item`` is on the memory of a tensor the engine returned from the call's roots, and holds what the
    engine left there."""
    for tensor, copy in (pair for kept in from_roots for pair in kept):
        if item is tensor or (_data_ptr(item) == _data_ptr(tensor) and _shape(item) == _shape(tensor)
                              and _stride(item) == _stride(tensor) and _dtype(item) == _dtype(tensor)):
            return equal_bits(_detach(item), copy)
    return False


# NOTE [no callback in a node]: with the `torch.autograd.graph` logger at DEBUG, torch's entry to the
# engine puts a prehook of its own on every node of the pass, which logs the node: a logging handler of the
# code's ran inside each node, where no check of the observers follows it (they follow the code's own
# hooks). Round 31's third attacker turned torch's python dispatcher on there, for a python kernel of its
# own to answer `mul` (NOTE [a kernel in python], observe_dispatch.py), and wrote a gradient worked out by
# hand into a saved input mid-pass. A grading run logs no node: torch's helper attaches nothing (the
# original is not kept, so no closure hands it back).
def _no_logging_hooks(t_outputs):
    return _nothing


def _nothing() -> None:
    return None


def install() -> None:
    """The engine's entry and torch's hand-over to ``__torch_function__``, in the modules of the two
    reverse passes (the zygote, once)."""
    run = _getattr(_A, "_engine_run_backward", None)
    if run is not None:
        _A._engine_run_backward = _engine(run)
        _A.graph._engine_run_backward = _A._engine_run_backward
    if _getattr(_A.graph, "_register_logging_hooks_on_whole_graph", None) is not None:
        _A.graph._register_logging_hooks_on_whole_graph = _no_logging_hooks
    vmap = _getattr(torch._vmap_internals, "_vmap", None)
    if vmap is not None:
        torch._vmap_internals._vmap = _vmap(vmap)  # NOTE [a batched pass handed over]
    for module in (_A, _T):
        handle = _getattr(module, "handle_torch_function", None)
        if handle is not None:
            module.handle_torch_function = _answered(handle)
