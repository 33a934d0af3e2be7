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
from collections import OrderedDict
from weakref import ref as _ref

import torch

from tutor.grade import observe_accumulated as _accumulated, pristine, probes as _probes
from tutor.grade.lookups import hides_torchs
from tutor.grade.modecount import count_pushes
from tutor.grade.observe_inpass import hooked
from tutor.grade.observe_kernels import _incref, python_dispatcher_on
from tutor.grade.observe_state import _S, _is_grad_enabled, _len, _set_grad_enabled
from tutor.grade.probes import is_plain_tensor as _is_plain
from tutor.grade.pristine_modules import MOVED
from tutor.grade.pykernels import kernels_as_sealed

_MISSING = object()
_mutated = _warnings._filters_mutated
_FunctionType = type(lambda: None)
_FUNCTION_CODE = _FunctionType.__code__.__get__
_HOOK_CODE = next(c for c in hooked.__code__.co_consts if getattr(c, "co_name", None) == "hook")


def _inner_codes(code) -> list:
    found = [c for c in code.co_consts if type(c) is type(code)]
    return found + [inner for c in found for inner in _inner_codes(c)]


# NOTE [a multi-grad hook under a check's grad]: `register_multi_grad_hook` (mode "all") puts a hook of torch's
# on each tensor that asks the engine, on its first call, which of them the pass will reach; asked of a leaf's
# accumulator inside `autograd.grad`, the engine raises ("A leaf node was passed to _will_engine_execute_node
# but we are currently running autograd.grad()"). A learner's logging multi-grad hook on `x` so failed every
# check that differentiates with `autograd.grad` (round 44's learners' probe: make-a-leaf, parameters-and-data,
# match-the-drawing). Each such hook of a registration of the code's is wrapped where torch keeps it: in a pass
# of a check's (while one is judged or read, or after the code), that error is the hook doing nothing, as the
# hook of mode "any" does; so are the registration's other hooks in that pass (torch's count for it is left
# half made); in the code's own `autograd.grad` it is raised, as in PyTorch.
_MULTI_CODES = frozenset(_inner_codes(torch.autograd.graph.register_multi_grad_hook.__code__))
_ENGINE_ASKED = "passed to _will_engine_execute_node"
_task_id = torch._C._current_graph_task_id


def _tolerant(inner, skipped: set):
    def multi(*args, __inner=inner, __skipped=skipped, __judging=_SEALED[4], __state=_S, __task=_task_id, **kwargs):
        task = __task()
        if task in __skipped:
            return None
        try:
            return __inner(*args, **kwargs)
        except RuntimeError as exc:
            if (__judging() or not __state.on) and _ENGINE_ASKED in str(exc):
                __skipped.add(task)
                return None
            raise

    return multi


def quiet_multi_grad(result, _get=object.__getattribute__, _type=type, _function=_FunctionType, /):
    """NOTE [a multi-grad hook under a check's grad]: ``result``, a registration's handle, its torch hooks
    wrapped where they lie."""
    try:
        handles = _get(result, "__dict__").get("handles")
    except AttributeError:
        return result
    skipped: set = set()  # the passes (graph tasks) in which the registration's hooks do nothing
    for handle in handles if _type(handles) is tuple else ():
        try:
            own = _get(handle, "__dict__")
        except AttributeError:
            continue
        ref, key = own.get("hooks_dict_ref"), own.get("id")
        hooks = ref() if _type(ref) is _ref else None
        hook = hooks.get(key) if _type(hooks) in (dict, OrderedDict) else None
        if _type(hook) is _function and _FUNCTION_CODE(hook) in _MULTI_CODES:
            hooks[key] = _tolerant(hook, skipped)
    return result


# the observers' wrap of a hook of the code's, the hooks torch's register_multi_grad_hook puts on each tensor (as
# they are, and wrapped: NOTE [a multi-grad hook under a check's grad]), and the grader's own, which land in the
# dicts of a leaf's accumulator (round 44's learner: a logging post-accumulate hook of the code's there made its
# check void)
_HOOK_CODES = frozenset([_HOOK_CODE, *_MULTI_CODES, *_inner_codes(_tolerant.__code__),
                         *(code for f in (_accumulated._delivered_to, _accumulated._accumulated_into,
                                          _accumulated._after_hooks) for code in _inner_codes(f.__code__))])
_own_hooks = torch._C.TensorBase._backward_hooks.__get__


def _leaves_hooks(namespace: dict, _list=list, _plain=_is_plain, _own=_own_hooks, _type=type) -> list:
    """The hook dicts of the tensors bound to names, as torch holds them (a dict set whole is called too)."""
    found = []
    for value in _list(namespace.values()):
        if _plain(value):
            d = _own(value)
            if _type(d) is dict or _type(d) is OrderedDict:
                found.append(d)
    return found


# NOTE [a judge no run can reach]: the early judge runs while the code runs, before pristine puts anything
# back, so what it reads of its own is the code's to reach (round 44: `_S.judged` written by hand after the
# pass, `observe_kept._judge` rebound, `_S.before_pass = None` so that what the pass left was read after all).
# So its probes, its namespace and its record live only in the defaults of the functions ``_sealed`` makes
# (the audit hook refuses reads of them: audit._holding_codes), armed once a run, by the grader, before the
# code runs; the judge first reads, in one gather, that no module dict of the grader's moved since then (a
# helper rebound, `pristine` or `count_pushes` among them), else what it judges stands as void. A check whose
# graph a pass freed that the judge did not see, while it was armed for it, is void too (``NOT_JUDGED``): its
# `if_freed` reads what such a pass left, which is what the judge is there not to trust. Its attackers then
# answered its passes with hooks no registration wrapped (written into a handle's dict, a dict set whole, a
# multi-grad hook's inner handle): a hook in a dict the code's registrations wrote into, or in a named leaf's own,
# must be one the observers wrapped, or torch's or the grader's own (``as_registered``); and they read its record
# through the frames of a Function's backward run by its pass: while it judges, the audit hook hands out no frame.
# where the grader's module dicts lie in pristine's gather (``note_grader``, in the zygote): an item, not a name
# bound again, since pristine records this module's dict as its snapshot finds it, and puts back what moved since
_GRADER: list = [b""]


def before_snapshot() -> None:
    """In the zygote, before each pristine snapshot: each module of the grader's gets its `__warningregistry__`
    (a warning the judge ignores would add one, and move its dict), as the snapshot will record it."""
    import sys

    for name, module in list(sys.modules.items()):
        if name.startswith("tutor.") and module is not None:
            vars(module).setdefault("__warningregistry__", {})


def note_grader() -> None:
    """In the zygote, after each pristine snapshot: where in its gather the grader's own module dicts lie."""
    import numpy

    spaces = pristine.module_dicts()[0]
    at = [i for i, space in enumerate(spaces) if str(space.get("__name__", "")).startswith("tutor.")]
    _GRADER[0] = numpy.array(at, dtype=numpy.intp).tobytes()


def _grader_moved(armed: tuple, state: tuple, _now=pristine.versions_now, _frombuffer=None, _intp=None,
                  _uint64=None, _len=len) -> bool:
    """A module dict of the grader's moved since ``armed`` (versions, where): its helpers may not be its own."""
    versions, where = armed
    now = _now(state)[0]
    if not where or _len(now) != _len(versions):
        return _len(now) != _len(versions)
    at = _frombuffer(where, _intp)
    return bool((_frombuffer(now, _uint64)[at] != _frombuffer(versions, _uint64)[at]).any())


def _sealed() -> tuple:
    """NOTE [a judge no run can reach]: (arm, before_pass, judged_value, armed, judging, note_dicts,
    as_registered, quieted), sharing one slot."""
    slot: list = []  # once armed: [(probe, names)], namespace, pristine's state, (versions, where), record, flag,
    # and the hook dicts the code's registrations wrote into
    flag = [False]  # a check is being judged (or read, quieted): the audit hook then refuses frames (audit.py)

    def arm(wanted, namespace, _slot=slot, _names=_names, _read=pristine.read_state, _now=pristine.versions_now,
            _where=_GRADER, _flag=flag, /) -> None:
        if _slot:
            return  # once a run: the grader's, before the code
        judged = [(p, _names(p.expr)) for p in wanted if p.kind == "value" and p.expr and p.options.get("if_freed")]
        if judged:
            state = _read()
            _slot.extend((judged, namespace, state, (_now(state)[0], _where[0]), {}, _flag, []))

    def before_pass(_slot=slot, _judge=_judge, /) -> None:
        if _slot:
            _judge(*_slot)

    def note_dicts(result, _slot=slot, _into=written_into, _type=type, _types=(dict, OrderedDict), /) -> None:
        if _slot:  # a registration's handle, read only where a check is to be judged (3 exercises of 44)
            _slot[6].extend(d for d in _into(result) if _type(d) in _types)

    def as_registered(_slot=slot, _code=_FUNCTION_CODE, _type=type, _function=_FunctionType, _list=list, /) -> bool:
        """Every hook in a dict the code's registrations wrote into is one the observers wrapped (so one
        the judge quiets): round 44's attacker wrote a hook into the dict behind a handle by hand."""
        if not _slot:
            return True
        dicts = [*_slot[6], *_leaves_hooks(_slot[1])]  # round 44's second attacker: `x._backward_hooks = {...}`
        for d in dicts:
            for hook in _list(d.values()):
                if _type(hook) is not _function or _code(hook) not in _HOOK_CODES:  # by identity
                    return False
        return True

    def quieted(on: bool, _slot=slot, /) -> None:
        if _slot:
            _slot[5][0] = on

    def judged_value(probe, namespace: dict, _slot=slot, _missing=_MISSING, _any=any, /):
        if not _slot or not _any(p is probe for p, _ in _slot[0]):
            return None
        found = _slot[4].get(probe.key)
        if found is None or _any(namespace.get(n, _missing) is not obj for n, obj in found[0].items()):
            return NOT_JUDGED
        return found[1]

    def armed(_slot=slot, /) -> bool:
        return bool(_slot)

    def judging(_flag=flag, /) -> bool:
        return _flag[0]

    sealed = (arm, before_pass, judged_value, armed, judging, note_dicts, as_registered, quieted)
    for function in sealed:
        _incref(function)  # kept for good (NOTE [a mark no run can reach], modecount.py)
    return sealed


def watch(wanted, namespace: dict) -> None:
    """Before the code runs: the value probes that have an ``if_freed`` are judged before its passes."""
    _SEALED[0](wanted, namespace)


def _judge(judged, namespace: dict, state: tuple, armed: tuple, record: dict, flag: list, dicts: list,
           _moved=_grader_moved) -> None:
    """Observers off, recording on (a pass under the code's `no_grad` is judged too); the check's own
    passes keep the graph (``retained``): it is still the code's; the code's hooks stay quiet
    (``quiet_when_judging``): a logging hook ran once more per judged pass, and a hook that answered only
    its first call forged the judged value (found by probing the verdicts)."""
    if _moved(armed, state) or not _SEALED[6]():  # NOTE [a judge no run can reach]: nothing below is the grader's
        for probe, names in judged:
            record[probe.key] = ({n: namespace.get(n, _MISSING) for n in names}, CHANGED)
        return
    was, _S.on, _S.judging, flag[0] = _S.on, False, True, True
    grad_was = _is_grad_enabled()
    _set_grad_enabled(True)
    shown = _warnings.filters  # the code's own (`simplefilter("error")`): a judge's read must not raise for them
    _warnings.filters = [("ignore", None, Warning, None, 0)]
    _mutated()
    try:
        scope = {**namespace, **pristine.check_names()}
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
                    or pristine.changed(torchs) or python_dispatcher_on() or not kernels_as_sealed() \
                    or _moved(armed, state) or not _SEALED[6]():
                value = CHANGED
            record[probe.key] = ({n: namespace.get(n, _MISSING) for n in names}, value)
    finally:
        _warnings.filters = shown
        _mutated()
        _set_grad_enabled(grad_was)
        _S.on, _S.judging, flag[0] = was, False, False


CHANGED_AS_JUDGED = ("your code had changed torch (a function, a method or a default of torch's, a mode or a kernel "
                     "of its own) when this check was judged, before your backward pass freed the graph, so its "
                     "result cannot be trusted: leave torch as it is")
CHANGED = {"t": "error", "why": CHANGED_AS_JUDGED}
HAND_HOOK = {"t": "error", "why": "a hook of your code's was written into a hook dict by hand, past `register_hook`, "
                                 "so this check cannot run your graph without it: register hooks as PyTorch's API does"}
NOT_JUDGED = {"t": "error", "why": "a backward pass freed the graph this check reads where the grader could not judge "
                                  "it first (a pass it cannot watch, or its own machinery changed): call `backward()` "
                                  "on your result as PyTorch gives it, and leave autograd and the grader as they are"}


def quiet_when_judging(hook):
    """A hook of the code's that does nothing (returns None: the gradient as it came) while a check is
    judged; applied where checks are (observe_calls._wrap_hook)."""
    if not callable(hook):
        return hook

    def quiet(*args, __hook=hook, __judging=_SEALED[4], **kwargs):
        return None if __judging() else __hook(*args, **kwargs)

    return quiet


def written_into(result, depth: int = 0) -> list:
    """The hook dicts a registration's ``result`` (a handle, or a Function's (dict, handle)) keeps, by its own
    dict (a method of the handle's class is the code's to rebind)."""
    found = []
    for handle in (result if type(result) is tuple else (result,)):
        if type(handle) is dict or type(handle) is OrderedDict:
            found.append(handle)
            continue
        try:
            own = object.__getattribute__(handle, "__dict__")
        except AttributeError:
            continue
        for ref in (own.get("hooks_dict_ref"), *(own.get("extra_dict_ref") or ())):
            if type(ref) is _ref:
                found.append(ref())
        inner = own.get("handles")  # register_multi_grad_hook's: a handle per tensor (round 44's second attacker)
        if type(inner) is tuple and depth < 2:
            found += written_into(inner, depth + 1)
    return found


def retained(positions, args: tuple, kwargs: dict) -> tuple[tuple, dict]:
    """``args`` and ``kwargs`` of a ``backward`` or ``autograd.grad`` call with ``retain_graph=True``
    (``positions``: observe_calls._positions')."""
    name, at = positions[0], positions[1]
    if at is not None and at < _len(args):
        return (*args[:at], True, *args[at + 1:]), kwargs
    return args, {**kwargs, name: True}


def judged_value(probe, namespace: dict):
    """What ``probe`` read before the pass that freed its graph, if its names are bound as they were;
    ``NOT_JUDGED`` where it was to be judged and was not; None where it was not to be."""
    return _SEALED[2](probe, namespace)


def _names(expr: str) -> set[str]:
    """The names ``expr`` reads from the namespace: not a lambda's parameters nor a comprehension's
    variables (a later `for r in ...` in the code discarded a judged value of a check's `lambda r:`)."""
    tree = ast.parse(expr, mode="eval")
    bound = {a.arg for node in ast.walk(tree) if isinstance(node, ast.Lambda) for a in
             (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    bound |= {n.id for node in ast.walk(tree) if isinstance(node, ast.comprehension)
              for n in ast.walk(node.target) if isinstance(n, ast.Name)}
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} - bound


_SEALED = _sealed()
before_pass, armed, note_dicts = _SEALED[1], _SEALED[3], _SEALED[5]  # what the observers call (observe_calls.py)
as_registered, quieted = _SEALED[6], _SEALED[7]  # what a check with an `if_freed` form calls (child.py)


def _numpy_defaults() -> None:
    import numpy

    _grader_moved.__defaults__ = (pristine.versions_now, numpy.frombuffer, numpy.intp, numpy.uint64, len)


_numpy_defaults()  # as the module loads, before any audit hook: no run may set a function's defaults
