"""What a run's code calls that torch loads only on first use: torch.func,
torch.optim, checkpointing, gradcheck (torch._dynamo & co., some 2.6 s of CPU,
which a warm worker has loaded ahead: NOTE [warm on need], NOTE [one warm
worker] in pool.py), and a gradient given to backward or grad, whose shape
check imports sympy (torch.fx.experimental.symbolic_shapes: 487 modules,
0.55 s; the warm-up has it).

A reading of the text, made by the grader on the pack's own code and on the
requests it sends: wrong either way, it costs speed only (a run imports what
it needs; a cold worker then warms up)."""

from __future__ import annotations

import functools
import re

# Nested brackets one level deep, inside a call's arguments.
_ARG = r"(?:[^()\[\],]|\([^()]*\)|\[[^\[\]]*\])*"
_LAZY_TORCH = re.compile(
    r"torch\.func|functorch|optim|checkpoint|gradcheck|vmap|jacrev|jacfwd|hessian|\bjvp\b|\bvjp\b|\bhvp\b|\bvhp\b"
    r"|torch\.compile|_dynamo\.optimize|aot_function|aot_module"  # NOTE [compile warmed on need] (zygote.py)
    r"|profiler|vectorize"  # torch.profiler's first use: 823 modules; a vectorized jacobian's: 487
    r"|gradient\s*=|grad_tensors|grad_outputs"
    r"|\.backward\(\s*(?!\)|retain_graph|create_graph|inputs\s*=)"  # backward(v): a gradient, positional
    rf"|autograd\.grad\({_ARG},{_ARG},(?!\s*\w+\s*=)")  # grad(y, x, v): grad_outputs, positional


def uses_lazy_torch(*sources: str | None) -> bool:
    """Does this code (a reference, a setup, a lesson example) call what
    torch loads on first use?"""
    return any(source and _calls_lazy(source) for source in sources)


# An exercise's setup is read for every run of it, and each run's code twice
# a grade (the plan's count, the queue's placement): 5 % of the grade
# process's CPU was this search (py-spy), most of it on texts read before.
@functools.lru_cache(maxsize=4096)
def _calls_lazy(source: str) -> bool:
    return _LAZY_TORCH.search(source) is not None


# NOTE [warm before a run that needs it]: a grade with a run whose text calls what the warm-up loads plans
# its worker warm before the first run, a small grade too (grader.py): run cold, the code imported torch's
# lazy parts itself, and where that fell in a pass the early judge reads (a non-reentrant checkpoint's
# recomputation, graded alone), it read as torch changed. A run this reading misses still starts cold:
#
# NOTE [a run that started cold, run again]: one that imported COLD_MODULES or more modules, forked before its
# zygote warmed up (child.WARMED), says so (RunPayload.unwarmed), and the pool runs it again
# (``pool._retry``, RETRIES times at most), by then on a warm worker: torch's own imports inside a pass the
# early judge reads are the grader's doing, never the learner's verdict (round 46: `torch.profiler.profile()`
# around a backward, graded alone, 2 of 7 on make-a-leaf). The flag is the run's word: forged, it buys the
# code a run again, whose reply counts as any run's does. Not a fault of the grader's: not counted as one.
def needs_warm(request) -> bool:
    """Does this run (a ``protocol.RunRequest``) call what the warm-up loads?
    Its setup, its code and its probes' kinds (``gradcheck``) are read."""
    return uses_lazy_torch(request.setup, request.code, *(probe.kind for probe in request.probes))
