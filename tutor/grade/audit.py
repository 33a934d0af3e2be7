"""The grading worker's audit hook: what a run's code may not do to reach the grader's own objects.

# NOTE [no audit hook of the code's]: an audit hook runs on every audited event of the process, and the
# observers' own reads raise some inside a pass (each frame's `f_code`, `sys._getframe`: a checkpoint's
# recompute enters saved-tensor hooks there, and torch's reentrant checkpoint calls
# `torch.autograd.backward`), where no check follows: a hook of the code's could turn torch's python
# dispatcher on inside a node (NOTE [a kernel in python], observe_dispatch.py). An audit hook cannot be
# taken off once added, so none is let on: the worker's own hook, added before any code runs, refuses
# every later one (Python then drops the new hook and says nothing, as it does for any hook refused).
#
# NOTE [no reach into the grader's objects]: round 37's second attacker planted keys of a class made to run
# at a lookup (NOTE [a class made to run at a lookup], lookups.py) where the class scan could not see them:
# in the dicts of classes the worker had before the run (a class's real dict is behind a mappingproxy:
# `gc.get_referents` hands it out), in the grader's copy of the namespace as it was read (found by
# `gc.get_referrers`), and it rewrote the local of the run's frame that holds the scan's sentinel from a
# trace function (`sys.settrace`). Once the zygote is ready (it adds this hook last; a run's pid may be its
# own), those calls are refused unless the grader's own functions make them (by their code objects, not
# their file names, which code can forge): `gc.get_referents`, `gc.get_referrers` and `gc.get_objects`, `sys.settrace` and
# `sys.setprofile`; and so is setting the `__code__` or defaults of a function of the grader's or torch's (or
# this hook's), which would make them run the code's (9 full scores on 7 exercises). What a learner writes
# needs none of them.
"""

from __future__ import annotations

import os
import sys
import types

REFUSED = frozenset({"gc.get_referents", "gc.get_referrers", "gc.get_objects", "sys.settrace", "sys.setprofile"})
_FUNCTION_PARTS = frozenset({"__code__", "__defaults__", "__kwdefaults__"})
_HELD = frozenset({"__defaults__", "__kwdefaults__"})  # where the grader's wrappers keep what they wrap
_FRAMES = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame"})  # what hands out a frame (f_back is not audited)


def _holding_codes() -> frozenset:
    """The ids of the grader's functions whose defaults hold what no run may have: torch's own ways to register
    a kernel (observe_kernels' inner `register`) and onto the mode stacks (observe_dispatch's inner `push`),
    and the marks (`keep`; modecount's `note_push` and `count_pushes`), and the early judge's slot and the hooks
    it quiets (observe_kept.py). Only these: round 41's learners'
    `help(torch.Tensor.backward)`, `inspect.signature` and `torch.compile` read the defaults of the grader's
    other wrappers, which hold nothing of the kind."""
    from tutor.grade import modecount, observe_dispatch, observe_kept, observe_kernels

    inner = [c for c in observe_kernels._watch_registrations.__code__.co_consts
             if getattr(c, "co_name", None) == "register"]
    inner += [c for c in observe_dispatch._watched_push.__code__.co_consts if getattr(c, "co_name", None) == "push"]
    inner += [c for c in observe_kept.quiet_when_judging.__code__.co_consts if getattr(c, "co_name", None) == "quiet"]
    inner += [c for c in observe_kept._tolerant.__code__.co_consts if getattr(c, "co_name", None) == "multi"]
    marks = (observe_kernels.keep, modecount.note_push, modecount.count_pushes,  # NOTE [a mark no run can reach]
             *observe_kept._SEALED, _hook)  # NOTE [a judge no run can reach]; this hook's own (whether it is busy)
    return frozenset([id(c) for c in inner] + [id(f.__code__) for f in marks])


def _grader_codes() -> frozenset:
    """The ids of the grader's functions that make the calls above in a run."""
    from tutor.grade import lookups, observe_codes, observe_inpass, observe_kernels, pristine, readfirst

    inner = [c for c in observe_inpass.hooked.__code__.co_consts if getattr(c, "co_name", None) == "hook"]
    codes = [lookups.own_items, lookups.classes_made_to_run, lookups._real, lookups.note_clean,
             readfirst.read_in_order, observe_inpass.running, pristine.restore, observe_codes.calls_the_codes,
             observe_kernels._young_references]
    return frozenset([id(f.__code__) for f in codes] + [id(c) for c in inner])


def _hook(event, args, _refused=REFUSED, _parts=_FUNCTION_PARTS, _codes=frozenset(), _getframe=sys._getframe,
          _id=id, _type=type, _str=str, _function=types.FunctionType, _code=types.FunctionType.__code__.__get__,
          _ours=(), _self=None, _library=None, _fixed=frozenset(), _held=_HELD, _holding=frozenset(),
          _parts_of=None, _modules=frozenset(), _sealing=(None, 0, None),
          _tensors=(None, frozenset(), None, None), _judging=(bool, frozenset(), [False])) -> None:
    if event == "sys.addaudithook":
        raise RuntimeError("no audit hook in a grading run")
    if (event == "sys._getframe" or event == "sys._current_frames" or event == "object.__getattr__"
            and _type(args[1]) is _str and args[1] in _FRAMES) and _judging[0]():
        # NOTE [a judge no run can reach] (observe_kept.py): round 44's second attacker's Function backward, run
        # by the judge's own pass, walked up the frames to the judge's record; none is handed out while it runs,
        # but to `traceback`'s summaries of the stack, which hold no frame (anomaly mode's, in a judged forward)
        if _judging[2][0]:
            return  # this hook's own read of its caller, below
        _judging[2][0] = True
        try:
            caller = _id(_getframe(1).f_code)
        finally:
            _judging[2][0] = False
        if event != "sys._getframe" or caller not in _judging[1]:
            raise RuntimeError("frames are not available while a check is judged in a grading run")
    if event in _refused:
        if _id(_getframe(1).f_code) not in _codes:
            raise RuntimeError(event + " is not available in a grading run")
    elif event == "object.__setattr__" and args[0] is _sealing[0] and _id(_getframe(1).f_code) == _sealing[1] \
            and _sealing[2]():
        pass  # NOTE [the record sealed] (pristine.py): the zygote seals its record again after a later warm-up
    elif event == "object.__setattr__" and _library is not None and _type(args[1]) is _str \
            and args[1] == "__class__" \
            and (_type(args[0]) is _library or args[2] is _library):
        # NOTE [a kernel registered behind the watch] (observe_kernels.py): a Library object of another
        # class no longer counts, and freed as one it never takes its kernels off (round 39's second attacker)
        raise RuntimeError("a dispatch library's class may not be changed in a grading run")
    elif event == "object.__setattr__" and _type(args[1]) is _str and args[1] == "__class__" \
            and _id(args[0]) in _modules:
        # round 41's second attacker: `torch.__class__ = Liar`, whose property `allclose` answered every
        # `torch.allclose` of gradcheck's; a module's class is not in its dict, whose versions are watched
        raise RuntimeError("a module's class may not be changed in a grading run")
    elif event == "object.__setattr__" and _type(args[1]) is _str and args[1] == "__class__" \
            and _tensors[0] in _tensors[2](_type(args[0])) and _id(args[2]) not in _tensors[1] \
            and _tensors[3](args[2]):
        # round 44's attacker: a tensor's class swapped after the code for one whose `detach`, or a property
        # hiding its hook dict, answered the checks; torch's own swaps (a lazy module's parameter) are to its own,
        # and a class of the code's that names nothing of Tensor's (round 37's learners' tags) hides nothing
        raise RuntimeError("a tensor's class may not be changed in a grading run")
    elif event == "object.__setattr__" and _type(args[1]) is _str and args[1] == "__bases__" \
            and _id(args[0]) in _fixed:
        # round 39's fourth attacker: `torch.Tensor.__bases__ = (Mixin, TensorBase)` gave every tensor a
        # `mean` that sums; a class's bases are not in its dict, which pristine puts back
        raise RuntimeError("a class's bases may not be changed in a grading run")
    elif event == "object.__getattr__" and _type(args[0]) is _function and _type(args[1]) is _str \
            and args[1] in _held and _id(_code(args[0])) in _holding and _id(_getframe(1).f_code) not in _codes:
        # round 40's attacker read torch's own registration method out of the watch's `__kwdefaults__`
        # (NOTE [a kernel registered behind the watch]): what those wrappers hold is not the code's
        raise RuntimeError("a grader function's " + args[1] + " are not available in a grading run")
    elif event == "object.__setattr__" and _type(args[1]) is _str and args[1] in _parts \
            and _type(args[0]) is _function and (args[0] is _self or _code(args[0]).co_filename.startswith(_ours)
                                                 or _code(args[0]).co_filename == "<setup>") \
            and (args[1] not in _held or _parts_of[args[1]](args[0]) is not None):
        # the grader's functions, the setup's (round 43: their defaults hold what they call) and torch's
        # (namedtuple sets its own `__new__`'s defaults: allowed). Defaults
        # given to a function that had none change nothing its callers do (they pass every argument): the
        # functions torch.compile makes of torch's code get theirs so (round 41's learners)
        raise RuntimeError("a function's " + args[1] + " may not be set in a grading run")


def install() -> None:
    """Add the worker's hook, once, as the zygote is ready (NOTE [no reach into the grader's objects]): the
    grader's functions are its defaults, which no run may change (its own `__defaults__` among them)."""
    if _INSTALLED:
        return
    _INSTALLED.append(True)
    import torch

    ours = (os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep,
            os.path.dirname(os.path.abspath(torch.__file__)) + os.sep)
    _hook.__defaults__ = (REFUSED, _FUNCTION_PARTS, _grader_codes(), sys._getframe, id, type, str, types.FunctionType,
                          types.FunctionType.__code__.__get__, ours, _hook, getattr(torch._C, "_DispatchModule", None),
                          _fixed_classes(torch), _HELD, _holding_codes(),
                          {name: getattr(types.FunctionType, name).__get__ for name in _HELD},
                          frozenset(id(m) for m in list(sys.modules.values()) if isinstance(m, types.ModuleType)),
                          _sealing(), _tensor_classes(), _judging())
    sys.addaudithook(_hook)


def _sealing() -> tuple:
    """(pristine's ``sealed``, the code of the one function that may set its defaults, the test that this is the
    process that added the hook): NOTE [the record sealed]. A run is another process: a fork has a pid of its
    own in the zygote's PID namespace, or a PID namespace of its own."""
    from tutor.grade import pristine

    try:
        home = os.stat("/proc/self/ns/pid").st_ino
    except OSError:
        home = None  # no namespace to read: no seal after this one
    _at_home.__defaults__ = (os.getpid(), home, os.getpid, os.stat)
    return pristine.sealed, id(pristine._seal.__code__), _at_home


def _at_home(_pid=-1, _home=None, _getpid=os.getpid, _stat=os.stat) -> bool:
    return _home is not None and _getpid() == _pid and _stat("/proc/self/ns/pid").st_ino == _home


def _judging() -> tuple:
    """(whether a check is judged now: its flag is the judge's own; the code objects of `traceback`'s functions
    that summarize the stack; whether this hook is reading its caller)."""
    import traceback

    from tutor.grade import observe_kept

    summaries = (traceback.extract_stack, traceback.format_stack, traceback.print_stack)
    return observe_kept._SEALED[4], frozenset(id(f.__code__) for f in summaries), [False]


def _tensor_classes() -> tuple:
    """(torch's tensor base, the ids of the tensor classes torch made, a class's MRO as type reads it, and whether
    a class of the code's hides torch's)."""
    import torch

    from tutor.grade import lookups

    return torch._C.TensorBase, lookups.TORCH_TENSOR_CLASSES, type.__dict__["__mro__"].__get__, lookups.classes_hide


def _fixed_classes(torch) -> frozenset:
    """The ids of the classes whose bases no run may change: what pristine puts back (their dicts, not their
    bases), torch's tensor base, and autograd's node class and Function's metaclass (their dicts are read as
    the zygote left them: NOTE [autograd's classes as the zygote left them]; Python audits no ordinary
    attribute set). (Ids: a class of the code's could answer `==` with code.)"""
    from tutor.grade import pristine

    return frozenset(id(t) for t in [*pristine._targets(), torch._C.TensorBase,
                                     torch.autograd.function.BackwardCFunction, type(torch.autograd.Function)]
                     if isinstance(t, type))


_INSTALLED: list = []
