"""torch.compile's tracing is no graph of the code's.

NOTE [nodes of a trace]: while torch.compile (dynamo) traces a function it
runs it on stand-in ("fake") tensors that require grad, and autograd's
sequence counter moves as if the code had built those nodes: `losses(h)`
compiled with `backend="eager"` read as 8 graph nodes in backward-twice (4
are the code's), a compiled head as 5 in freeze-the-first-layer (round 28's
third learner probe). The nodes made while dynamo compiles a frame, on the
run's own thread, are taken off the count (observe.py); the compiled code's
runs are the code's. Dynamo is imported when the code calls torch.compile
(or a module's `compile`, which calls it), and only then is its compile step
watched: the zygote does not pay for importing it.

NOTE [a backend is the code's]: the backend dynamo calls inside that step
(``OutputGraph.call_user_compiler``) was given back with the step, and round
46's attackers built their whole forward there, with recording on: a
function of the code's, one compiled under a file name of torch's, a
`functools.partial` of C callables driving a `map`, a `Mock` (full marks on
evaluate-without-a-graph, freeze-the-first-layer, backward-twice). What the
backend call makes is the code's now, whoever's the backend is, less
AOTAutograd's capture inside it (``aot_stage1_graph_capture``: torch's
tracing of dynamo's graph on fake tensors, given back as the step is: the
backend `aot_eager` is torch's own). No collection runs inside the step (a
`__del__` of the code's, run by one, built a forward there). Left: a
backend of the code's that hands AOTAutograd's capture a function of its
own (docs/grading.md, "Round 46's mends").
"""

from __future__ import annotations

import gc

import torch

from tutor.autograd_apis import FUNCTION_BACKWARD_RUN
from tutor.grade.observe_recompute import give_back_since, made_since, mark, on_the_runs_thread
from tutor.grade.observe_saved import _pack, weigh_cached
from tutor.grade.observe_state import _S, _getattr, _vars, record_call

_WATCHED = [False]
_gc_on, _gc_off, _gc_on_again = gc.isenabled, gc.disable, gc.enable  # as imported: the code may replace them
CALLED = [0]  # torch.compile's calls in this process: NOTE [compile warmed on need] (zygote.py)


def _watch_the_compile_step() -> None:
    if _WATCHED[0]:
        return
    _WATCHED[0] = True
    try:
        import torch._dynamo.convert_frame as convert_frame
        from torch._dynamo.output_graph import OutputGraph
    except Exception:  # noqa: BLE001 - no dynamo: nothing to watch
        return
    step = _getattr(convert_frame, "_compile", None)
    if step is None:
        return
    convert_frame._compile = _given_back(step, _getattr(torch._dynamo, "config", None))
    backend = _vars(OutputGraph).get("call_user_compiler")
    if backend is not None:
        OutputGraph.call_user_compiler = _kept(backend)
    try:  # torch's own tracing inside a backend (aot_eager's): NOTE [a backend is the code's]
        import torch._functorch.aot_autograd as aot
    except Exception:  # noqa: BLE001
        return
    capture = _getattr(aot, "aot_stage1_graph_capture", None)
    if capture is not None:
        aot.aot_stage1_graph_capture = _given_back(capture)


def _given_back(step, config=None):
    """``step``, whose nodes on the run's thread are given back (NOTE [numbers given back once]). No
    collection runs from the first read of the count to the last (NOTE [a backend is the code's]: a
    `__del__` of the code's, run by one, built a forward inside), dynamo's own after its step included."""
    def traced(*args, **kwargs):
        if not (_S.on and on_the_runs_thread()):
            return step(*args, **kwargs)
        collecting, after = _gc_on(), config is not None and config.run_gc_after_compile
        _gc_off()
        if after:
            config.run_gc_after_compile = False
        tracing = _tracing_now()
        _S.compiling += 1
        try:
            at = mark()
            try:
                return step(*args, **kwargs)
            finally:
                give_back_since(at)  # a step inside a backend's step is not given back twice
        finally:
            _S.compiling -= 1
            if tracing is not None:  # NOTE [saves past the weighing]: as the step found it
                _SET_TRACING(tracing)
            if after:
                config.run_gc_after_compile = True
            if collecting:
                _gc_on_again()

    return traced


def _kept(call):
    """dynamo's call of the backend: what it makes is the code's (NOTE [a backend is the code's])."""
    def backend(*args, **kwargs):
        if not (_S.on and on_the_runs_thread()):
            return call(*args, **kwargs)
        at = mark()
        try:
            return call(*args, **kwargs)
        finally:
            made = made_since(at)
            if made > 0:
                _S.code_made += made

    return backend


# NOTE [saves past the weighing]: footprint's `max_saved_bytes` weighs what the observers' saved-tensor hook
# packs, and round 47's first attacker kept tensors for backward where no hook runs: torch's switch that
# turns every saved-tensor hook off while dynamo traces (`torch._C._autograd._saved_tensors_hooks_set_tracing
# (True)`, or dynamo's helper that sets it), and any torch.func transform (functorch runs none, so the
# observers take theirs off: `torch.func.vjp(block, x)` kept the whole block for the outer graph). The
# switch set outside torch.compile's steps, a pop of the observers' own pair (torch's raw function: the third
# attacker popped it and pushed it back), a transform run while saves are weighed (even one that only checks
# an answer) are named in the record (`saves_unweighed`), and a footprint check that weighs fails there; each
# step puts the switch back as it found it. Selective checkpointing's cache (a policy that saves an op's
# output) is weighed as it fills (observe_saved.py). `torch.func.functional_call`, no transform, runs under
# the hook.
_SET_TRACING = _getattr(torch._C._autograd, "_saved_tensors_hooks_set_tracing", None)
_POP_SAVED = _getattr(torch._C._autograd, "_pop_saved_tensors_default_hooks", None)
_TOP_SAVED = _getattr(torch._C._autograd, "_top_saved_tensors_default_hooks", None)


def _tracing_now():
    if _SET_TRACING is None:
        return None
    was = _SET_TRACING(False)
    _SET_TRACING(was)
    return was


def _pop_watched(pop):
    """The default saved-tensor hooks popped while the observers' pair is on top: by the code, past the
    weighing (round 47's third attacker popped them, computed, and pushed them back); the observers' own pops
    call torch's function as imported."""
    def _pop_saved_tensors_default_hooks(*args, **kwargs):
        if _S.on and _S.saved_hooks:  # inside a compile step too: no step of torch's pops the observers' pair
            try:
                top = _TOP_SAVED(False)
            except Exception:  # noqa: BLE001 - no reading: as if ours
                top = None
            if top is None or top[0] is _pack:
                _S.saves_unweighed = "_C._autograd._pop_saved_tensors_default_hooks"
        return pop(*args, **kwargs)

    return _pop_saved_tensors_default_hooks


def _tracing_watched(set_tracing):
    def _saved_tensors_hooks_set_tracing(is_tracing):
        if _S.on and not _S.compiling and is_tracing:
            _S.saves_unweighed = "_C._autograd._saved_tensors_hooks_set_tracing"
        return set_tracing(is_tracing)

    return _saved_tensors_hooks_set_tracing  # no `__wrapped__`: it would hand a run the switch (_copy_names)


# NOTE [a Function traced into a graph]: dynamo traces a custom autograd.Function into its graph (forward
# and backward, as the `autograd_function_apply` operator), so neither ever runs as Python of the code's:
# a Function whose backward is the formula by hand, compiled with `aot_eager`, passed fix-the-training-
# loop's "autograd computes each step's gradient" (round 47). The operator's every call, while the code
# runs (AOTAutograd tracing it, or the compiled code running it), counts as a custom backward of the
# code's (NOTE [a gradient by a Function], observe_roots.py).
def _function_traced(call):
    def __call__(self, *args, **kwargs):
        if _S.on:
            record_call(FUNCTION_BACKWARD_RUN, None, None)
        return call(self, *args, **kwargs)

    return __call__


def _compiling(compile_):
    def compiled(*args, **kwargs):
        CALLED[0] += 1
        _watch_the_compile_step()
        return compile_(*args, **kwargs)
    compiled.__doc__, compiled.__name__, compiled.__wrapped__ = compile_.__doc__, compile_.__name__, compile_
    return compiled


def install() -> None:
    """torch.compile watches dynamo's compile step once it is first called (the zygote, once)."""
    compile_ = _getattr(torch, "compile", None)
    if compile_ is not None:
        torch.compile = _compiling(compile_)
    if _SET_TRACING is not None:
        torch._C._autograd._saved_tensors_hooks_set_tracing = _tracing_watched(_SET_TRACING)
    if _POP_SAVED is not None and _TOP_SAVED is not None:
        torch._C._autograd._pop_saved_tensors_default_hooks = _pop_watched(_POP_SAVED)
    import torch.utils.checkpoint as checkpoint

    cached = _getattr(checkpoint, "_VersionWrapper", None)  # NOTE [saves past the weighing]
    if cached is not None and "__init__" in _vars(cached):
        cached.__init__ = weigh_cached(_vars(cached)["__init__"])
    try:
        from torch._functorch.autograd_function import AutogradFunctionApply
    except Exception:  # noqa: BLE001 - no such operator: nothing to watch
        return
    call = _vars(AutogradFunctionApply).get("__call__")
    if call is not None:
        AutogradFunctionApply.__call__ = _function_traced(call)
