"""A check that differentiates the code's graph, judged before the code's own pass frees it.

NOTE [a graph judged before a pass freed it]: a value check that differentiates the code's graph
(make-a-leaf's square, parameters-and-data's rows, match-the-drawing's backward) found it freed by a
pass the code ran to look, then read what that pass left (``if_freed``): zeroed, or left by passes on
other graphs, hooks, a later experiment (found by probing the verdicts: false fails and passes both).
Keeping the code's graphs (``retain_graph=True`` forced) let code that crashes in PyTorch pass and
ran the code's hooks for the checks (the next probe). So, before each backward pass of the code's own
that frees its graph, such a check's expression is evaluated (observers off; its own passes keep the
graph), and kept with the objects its names were bound to. At the end, where the graph is freed and
the names are bound as they were, that value stands; else ``if_freed``. The code's own passes run
exactly as in PyTorch.
"""

from __future__ import annotations

import ast
import warnings as _warnings

from tutor.grade import pristine, probes as _probes
from tutor.grade.lookups import hides_torchs
from tutor.grade.modecount import count_pushes
from tutor.grade.observe_kernels import python_dispatcher_on
from tutor.grade.observe_state import _S, _is_grad_enabled, _len, _set_grad_enabled
from tutor.grade.probes import is_plain_tensor as _is_plain
from tutor.grade.pristine_modules import MOVED
from tutor.grade.pykernels import kernels_as_sealed

_MISSING = object()
_mutated = _warnings._filters_mutated


def watch(wanted, namespace: dict) -> None:
    """Before the code runs: the value probes that have an ``if_freed`` are judged before its passes."""
    judged = [(p, _names(p.expr)) for p in wanted if p.kind == "value" and p.expr and p.options.get("if_freed")]
    _S.judged = {}
    _S.before_pass = (lambda: _judge(judged, namespace)) if judged else None


def _judge(judged, namespace: dict) -> None:
    """Observers off, recording on (a pass under the code's `no_grad` is judged too); the check's own
    passes keep the graph (``retained``): it is still the code's; the code's hooks stay quiet
    (``quiet_when_judging``): a logging hook ran once more per judged pass, and a hook that answered only
    its first call forged the judged value (found by probing the verdicts)."""
    was, _S.on, _S.judging = _S.on, False, True
    grad_was = _is_grad_enabled()
    _set_grad_enabled(True)
    shown = _warnings.filters  # the code's own (`simplefilter("error")`): a judge's read must not raise for them
    _warnings.filters = [("ignore", None, Warning, None, 0)]
    _mutated()
    try:
        scope = {**namespace, **pristine.check_names()}
        state = pristine.read_state()
        # torch's own targets only: a library function the code rebound before (`warnings.showwarning`, a
        # learner's idiom) is the code's business until the probes put it back
        torchs = (state[0], state[1], ((), None, b"", b""), ((), ((), (), None, b"", b"")), state[4])
        for probe, names in judged:
            # NOTE [a check judged as torch was]: this runs while the code runs, with whatever it did to torch
            # still in place (round 43's attacker: `torch.allclose` answering True just around the code's
            # `backward`, `torch.autograd.grad` rebound): a value judged with torch other than the record, or
            # with torch changed, a mode pushed or the python dispatcher on while it was judged, stands as void
            as_was = not (pristine.changed(torchs) or python_dispatcher_on() or not kernels_as_sealed() or any(
                _is_plain(v) and hides_torchs(v) for v in (namespace.get(n) for n in names)))
            seen, pushed = pristine.versions_now(state), count_pushes()
            try:
                value = _probes.encode_value(eval(compile(probe.expr, "<check>", "eval"), scope))
            except BaseException as exc:
                if "backward through the graph a second time" in str(exc):
                    continue  # freed already: what was judged before stands
                # as the probe reads an error (child.read_probes): a tangent line's gradient has no graph
                value = {"t": "error", "why": f"{type(exc).__name__}: {str(exc)[:500]}"}
            if not as_was or pristine.moved_since(state, seen) == MOVED or count_pushes() != pushed \
                    or pristine.changed(torchs) or python_dispatcher_on() or not kernels_as_sealed():
                value = {"t": "error", "why": CHANGED_AS_JUDGED}
            _S.judged[probe.key] = ({n: namespace.get(n, _MISSING) for n in names}, value)
    finally:
        _warnings.filters = shown
        _mutated()
        _set_grad_enabled(grad_was)
        _S.on, _S.judging = was, False


CHANGED_AS_JUDGED = ("your code had changed torch (a function, a method or a default of torch's, a mode or a kernel "
                     "of its own) when this check was judged, before your backward pass freed the graph, so its "
                     "result cannot be trusted: leave torch as it is")


def quiet_when_judging(hook):
    """A hook of the code's that does nothing (returns None: the gradient as it came) while a check is
    judged; applied where checks are (observe_calls._wrap_hook)."""
    if not callable(hook):
        return hook

    def quiet(*args, **kwargs):
        return None if _S.judging else hook(*args, **kwargs)

    return quiet


def retained(positions, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
    """``args`` and ``kwargs`` of a ``backward`` or ``autograd.grad`` call with ``retain_graph=True``
    (``positions``: observe_calls._positions')."""
    name, at = positions[0], positions[1]
    if at is not None and at < _len(args):
        return (*args[:at], True, *args[at + 1:]), kwargs
    return args, {**kwargs, name: True}


def judged_value(probe, namespace: dict):
    """What ``probe`` read before the pass that freed its graph, if its names are bound as they were."""
    found = _S.judged.get(probe.key)
    if found is None or any(namespace.get(n, _MISSING) is not obj for n, obj in found[0].items()):
        return None
    return found[1]


def _names(expr: str) -> set[str]:
    """The names ``expr`` reads from the namespace: not a lambda's parameters nor a comprehension's
    variables (a later `for r in ...` in the code discarded a judged value of a check's `lambda r:`)."""
    tree = ast.parse(expr, mode="eval")
    bound = {a.arg for node in ast.walk(tree) if isinstance(node, ast.Lambda) for a in
             (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    bound |= {n.id for node in ast.walk(tree) if isinstance(node, ast.comprehension)
              for n in ast.walk(node.target) if isinstance(n, ast.Name)}
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} - bound
