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

import torch

from tutor.grade.observe_recompute import give_back_since, mark, on_the_runs_thread
from tutor.grade.observe_state import _S, _getattr

_WATCHED = [False]
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

    def traced(*args, **kwargs):
        at = mark()
        try:
            return step(*args, **kwargs)
        finally:
            if _S.on and on_the_runs_thread():
                give_back_since(at)  # a step inside a backend's step is not given back twice

    convert_frame._compile = traced


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
