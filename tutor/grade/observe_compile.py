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

from tutor.grade.observe_recompute import give_back_since, made_since, mark, on_the_runs_thread
from tutor.grade.observe_state import _S, _getattr, _vars

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
        try:
            at = mark()
            try:
                return step(*args, **kwargs)
            finally:
                give_back_since(at)  # a step inside a backend's step is not given back twice
        finally:
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
