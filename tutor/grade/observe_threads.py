"""The autograd work the code does in threads of its own.

NOTE [work in a thread]: footprint reads autograd's sequence counter, and
torch's saved-tensor hooks, on the thread the code runs on; both are the
thread's own. A graph built in a `threading.Thread` (a forward with the
layer not frozen yet, a second `h`, the plain block beside a checkpointed
one) was neither counted nor weighed: round 28's probe passed
evaluate-without-a-graph, backward-twice, freeze-the-first-layer and
checkpoint-the-block so. A thread the code starts (through `threading` or
`_thread`, itself or through torch's helpers: `tree_map(lambda _: t.start(),
...)` passed the first form, which left threads torch's code started out)
runs with the same saved-tensor hooks, and the nodes it made are added to
the count when it ends; where one still runs as the code ends, its work
cannot be counted, and the count is unknown (footprint says so, and fails).
A thread made below Python (ctypes' `pthread_create`) and work in another
process are not seen (docs/grading.md).
"""

from __future__ import annotations

import _imp
import _thread
import threading

from tutor.grade.observe_recompute import _sequence_nr, enter_thread, taken
from tutor.grade.observe_saved import _pack, _unpack
from tutor.grade.observe_state import _S, _getattr, _len, _pop_saved, _push_saved


class _Threads:
    started: list = []  # a token per thread the code started (appends: atomic under the GIL)
    ended: list = []  # ... per thread of those that ended
    made: list = []  # the nodes each one made


def begin() -> None:
    _Threads.started, _Threads.ended, _Threads.made = [], [], []


def nodes_made():
    """The nodes the code's threads made, or None where one still runs."""
    if _len(_Threads.ended) < _len(_Threads.started):
        return None
    total = 0
    for made, bucket in _Threads.made:
        total += made - taken(bucket)
    return total


def still_running() -> int:
    """The threads the code started that had not ended as it ended."""
    return _len(_Threads.started) - _len(_Threads.ended)


def _counted(start_new):
    def start(function, args, *kwargs):
        # every thread started while the code runs is the code's: no grader's is started then, and round 46's
        # attacker started one from a C callable that the grader's compile watch called (its caller's frame is
        # the grader's): its forward went unseen (evaluate-without-a-graph, checkpoint-the-block)
        if not _S.on:
            if _S.window:  # after the record closed (NOTE [the code's leftovers]): none of the grader's
                _S.late_threads += 1
            return start_new(function, args, *kwargs)
        saved, token = _S.saved_hooks, object()
        started, ended, made = _Threads.started, _Threads.ended, _Threads.made
        started.append(token)

        def run(*inner, **named):
            bucket = enter_thread()  # NOTE [a recompute's nodes]: its recomputes', taken off its count
            first = _sequence_nr()
            pushed = False
            try:
                if saved:
                    _push_saved(_pack, _unpack)
                    pushed = True
                return function(*inner, **named)
            finally:
                if pushed:
                    try:
                        _pop_saved()
                    except Exception:  # noqa: BLE001 - the thread's code popped them itself
                        pass
                made.append((_sequence_nr() - first, bucket))
                ended.append(token)

        try:
            return start_new(run, args, *kwargs)
        except BaseException:
            ended.append(token)  # it never ran
            raise
    return start


def _one_thread_module(create):
    """``_imp.create_builtin``, which made a fresh `_thread` module of unobserved starts (round 28's third
    probe), hands back the one in use."""
    def created(spec):
        name = _getattr(spec, "name", None)
        if name == "_thread":
            return _thread
        return create(spec)
    return created


def install() -> None:
    """Every way the code starts a thread goes through the count (the zygote, once)."""
    for module, name in ((threading, "_start_new_thread"), (_thread, "start_new_thread"), (_thread, "start_new")):
        original = getattr(module, name, None)
        if original is not None:
            setattr(module, name, _counted(original))
    create = getattr(_imp, "create_builtin", None)
    if create is not None:
        _imp.create_builtin = _one_thread_module(create)
