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
watched: the zygote does not pay for importing it. A backend of the code's
own runs inside that step, and what it builds there is not counted
(docs/grading.md).
"""

from __future__ import annotations

import gc

import torch

from tutor.grade.observe_ranges import range_close, range_open
from tutor.grade.observe_recompute import on_the_runs_thread
from tutor.grade.observe_state import _S, _getattr

_WATCHED = [False]
_gc_on, _gc_off, _gc_on_again = gc.isenabled, gc.disable, gc.enable  # as imported: the code may replace them
CALLED = [0]  # torch.compile's calls in this process: NOTE [compile warmed on need] (zygote.py)


def _watch_the_compile_step() -> None:
    if _WATCHED[0]:
        return
    _WATCHED[0] = True
    try:
        import torch._dynamo.convert_frame as convert_frame
    except Exception:  # noqa: BLE001 - no dynamo: nothing to watch
        return
    step = _getattr(convert_frame, "_compile", None)
    if step is None:
        return
    convert_frame._compile = _a_range(step)
    try:  # AOTAutograd's tracing, which a backend of the code's may call: torch's, inside the code's frame
        import torch._functorch.aot_autograd as aot
    except Exception:  # noqa: BLE001
        return
    capture = _getattr(aot, "aot_stage1_graph_capture", None)
    if capture is not None:
        aot.aot_stage1_graph_capture = _a_range(capture)


def _a_range(step):
    def traced(*args, **kwargs):
        if not (_S.on and on_the_runs_thread()):
            return step(*args, **kwargs)
        # NOTE [the code's own nodes in a range] (observe_ranges.py): a backend of the code's, a `__del__`
        # run by a collection, stays the code's; no collection runs inside (one more way in, shut)
        opened, collecting = range_open(), _gc_on()
        _gc_off()
        try:
            return step(*args, **kwargs)
        finally:
            if collecting:
                _gc_on_again()
            range_close(opened)  # a step inside a backend's step is not given back twice

    return traced


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
