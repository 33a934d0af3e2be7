"""Whether the code under test defined a dispatch of its own.

NOTE [a dispatch of the code's own]: a Tensor subclass with a
``__torch_dispatch__`` (or a ``TorchDispatchMode``, or a kernel of its own
registered for an aten op through ``torch.library.Library``) sees every op
the autograd engine runs in a backward pass, and can answer one with
numbers worked out by hand: a wrapper of ``a`` that returns the formula for
``grad * a`` while a pass runs passed two-paths-add-up, whose `loss` was
`loss` itself, seeded with ones, on the reference's graph. Like a custom
Function's backward (NOTE [a gradient by a Function], observe_roots.py),
such a dispatch fails the checks that ask where a pass started. The classes
the code defines are kept as they are made, and each is read when a pass
is judged (a ``__torch_dispatch__`` set on the class afterwards counts: the
next probe passed it so); every mode class of the code's counts, and so
does any Library it makes, through torch's helpers too
(``torch.library.impl`` makes the Library itself). Classes torch defines as
the code uses it (torch.func's, torch.compile's) are torch's: the class
statement's own file says whose it is. Torch's classes keep the
``__torch_dispatch__`` they were made with: one the code gives them later
counts as its own (``TorchDispatchMode`` itself, given a method and
entered, passed two-paths-add-up), and so does a 65th class of the code's.

NOTE [a dispatch put on the stack]: round 30's attacker pushed an object
of a plain class with a ``__torch_dispatch__`` straight onto torch's
dispatch stack (``torch._C._push_on_torch_dispatch_stack``): no subclass
of TorchDispatchMode, so nothing noted it, and it answered the pass's ops
(clip-with-a-hook, two-paths-add-up passed). Every way onto the stack the
zygote finds (torch._C's two functions, and the modules that hold them by
name) now notes an object whose class is not torch's, and a pass's judge
reads the stack as it stands too. A class made while the code had taken
the hooks above away (``TorchDispatchMode.__init_subclass__`` put back to a
no-op for its class statement) is found below Tensor or TorchDispatchMode
when a pass is judged, in neither list: a mode class of it counts, and a
Tensor class with a ``__torch_dispatch__`` below Tensor.
"""

from __future__ import annotations

import sys
from sys import _getframe

import torch

from tutor.grade.observe_callbacks import runs_inside_a_pass
from tutor.grade.observe_codes import _codes_file, calls_the_codes
from tutor.grade.observe_kernels import kernels_are_torchs, python_dispatcher_on
from tutor.grade import modecount
from tutor.grade.modecount import note_push
from tutor.grade.observe_kernels import keep, note_namespace
from tutor.grade.observe_state import (
    _OURS, _TORCH_DIR, MOST_CLASSES, SETUP_FILE, TORCH_CLASSES, _S, _graph_task_id, _learner_caller, _len, _type,
    own_method, setup_code,
)

_MISSING = object()
_vars, _hasattr, _getattr, _list_type, _object_getattribute = vars, hasattr, getattr, list, object.__getattribute__
_range = range  # as this module was imported: the code may replace the builtins
_len_dispatch_stack, _dispatch_stack_at = torch._C._len_torch_dispatch_stack, torch._C._get_dispatch_stack_at
DISPATCH_ROOTS: list = []  # Tensor and TorchDispatchMode: below them, read when a pass is judged


def _noted(cls, mode: bool) -> None:
    if _S.on and _learner_caller(_getframe(2)):
        if mode or _len(_S.own_classes) >= MOST_CLASSES:
            _S.own_dispatch = True
        else:  # read when a pass is judged (observe_chain.own_dispatch)
            _S.own_classes.append(cls)
    else:
        TORCH_CLASSES[cls] = own_method(cls)


def _torch_classes(*roots) -> None:
    stack = list(roots)
    while stack:
        cls = stack.pop()
        if cls not in TORCH_CLASSES:
            TORCH_CLASSES[cls] = own_method(cls)
            stack.extend(type.__subclasses__(cls))


def torch_mode(mode) -> bool:
    """``mode``'s class is torch's own, with the ``__torch_dispatch__`` it was made with, and the mode
    finds it there: none of its own (torch's C++ looks the method up on the mode: round 30's fourth
    attacker put one on an instance of TorchDispatchMode itself), and no ``__getattribute__`` or
    ``__getattr__`` in the way (torch's mode classes have neither)."""
    cls = _type(mode)
    method = TORCH_CLASSES.get(cls, _MISSING)
    if method is _MISSING or own_method(cls) is not method:
        return False
    try:
        if "__torch_dispatch__" in _vars(mode):
            return False
    except TypeError:  # no __dict__: nothing of its own
        pass
    return _type.__getattribute__(cls, "__getattribute__") is _object_getattribute and \
        not _hasattr(cls, "__getattr__") and not calls_the_codes(mode)


# NOTE [a mode pushed within a check]: round 41's third attacker pushed a dispatch mode of its own from
# its Function's `forward` (and from finalizers, between a check's passes), which answered the check's failing
# `aten.allclose` True, and popped it before the check ended: no dict moved, no mode was left on. Each mode
# not of torch's classes pushed, onto either stack (round 42's attacker pushed a function mode), adds to a
# count no run can take from (NOTE [a mark no run can reach], modecount.py; which modes are torch's: NOTE
# [torch's modes, as the zygote sealed them]); readfirst reads it before and after each check that runs the
# code's functions, and voids the check where it moved.
def _watched_push(original, kind: int = 0):
    """A way onto the dispatch stack (``kind`` 0) or the function stack (1) that notes a mode not of torch's
    classes (NOTE [a dispatch put on the stack]) and counts it (NOTE [a mode pushed within a check]). Torch's
    original is a positional-only default of an inner function, which no run may read (audit.py): in a
    closure, a run could call it."""
    def push(mode, args, kwargs, _original=original, _note=note_push, _torchs=modecount.torchs, _kind=kind, /):
        if not _torchs(mode, _kind):  # runs nothing of the code's while this frame holds torch's original
            _note()
        return _original(mode, *args, **kwargs)

    def pushing(mode, *args, _push=push, _kind=kind, **kwargs):
        if _kind == 0 and _S.on and not torch_mode(mode):  # NOTE [a dispatch put on the stack]
            _S.own_dispatch = True
        return _push(mode, args, kwargs)

    pushing.__name__ = pushing.__qualname__ = getattr(original, "__name__", "push")
    return pushing


def stack_is_torchs() -> bool:
    """Every mode on the dispatch stack now is of torch's classes and runs nothing of the code's, the
    python dispatcher is off (NOTE [a kernel in python]), and the interpreter holds no callback of the
    code's (NOTE [code the interpreter runs inside a pass], observe_callbacks.py)."""
    if python_dispatcher_on() or _debug_hooks_set() or runs_inside_a_pass() or not kernels_are_torchs():
        return False
    for i in _range(int(_len_dispatch_stack())):
        if not torch_mode(_dispatch_stack_at(i)):
            return False
    return True


def note_stack() -> None:
    """After a callback of the code's ran in a pass (a hook): a mode it left on the stack is a dispatch of
    its own, however it got there (the engine takes it off as the node ends)."""
    if _S.on and not stack_is_torchs():
        _S.own_dispatch = True


# NOTE [a kernel in python]: with torch's python dispatcher on, an op runs the python kernel its overload
# holds for the key (`torch.ops.aten.mul.Tensor.py_impl(DispatchKey.CPU)(kernel)`): no mode, no class, no
# Library, and round 31's second attacker's kernel answered the pass's `mul` with `grad * a` worked out by
# hand. torch.compile turns it on only while it traces, inside a call: a judged pass that starts, ends or
# leaves a hook with it on is a dispatch of the code's. So is torch's own DebugMode on the stack while its
# dispatch hooks (callbacks of the code's, run as each op returns: the same attacker's rewrote `mul`'s
# result) are set.
# (python_dispatcher_on: observe_kernels.py, which reads it as the grader reads too)
_DEBUG_HOOKS = ("_DISPATCH_RECORD_HOOKS", "_DISPATCH_LOG_HOOKS", "_DISPATCH_PRE_LOG_HOOKS")
_modules = sys.modules


def _debug_hooks_set() -> bool:
    """DebugMode's hook lists hold anything (or were replaced): read only when a mode is on the stack."""
    utils = _modules.get("torch.utils._debug_mode._utils")
    if utils is None or not _len_dispatch_stack():
        return False
    names = _vars(utils)
    for name in _DEBUG_HOOKS:
        hooks = names.get(name)
        if _type(hooks) is not _list_type or _len(hooks):
            return True
    return False


def _codes_frame(frame) -> bool:
    """The call is the code's: past the frames of libraries other than torch (the standard library's
    `copy` made the guard from a `__reduce_ex__` of the code's: round 31's seventh attacker), the first
    frame is the code's, not torch's (torch.compile's tracing) nor the grader's nor the setup's."""
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename.startswith(_TORCH_DIR) or filename.startswith(_OURS) \
                or filename == SETUP_FILE and setup_code(frame.f_code):
            return False
        if _codes_file(filename, frame.f_code):
            return True
        frame = frame.f_back
    return False


def _noting(original, the_codes):
    """``original``, noting a dispatch of the code's when ``the_codes`` says so of its caller's frame."""
    def noted(*args, **kwargs):
        if _S.on and the_codes(_getframe(1)):
            _S.own_dispatch = True
        return original(*args, **kwargs)

    noted.__name__ = noted.__qualname__ = getattr(original, "__name__", "noted")
    return noted


def _watched_library(original):
    """``torch._C._dispatch_library``, made by the code (torch.library.Library's own call is noted there);
    every Library it makes is kept and counted (NOTE [a kernel registered behind the watch])."""
    def library(*args, **kwargs):
        learner = _S.on and _learner_caller(_getframe(1))  # its caller's frame: no wrapper between them
        if learner:
            _S.own_dispatch = True
        made = original(*args, **kwargs)
        keep(made, args, learner)
        return made

    library.__name__ = library.__qualname__ = getattr(original, "__name__", "library")
    return library


def _watched_python_dispatcher(original):
    """``torch._C._EnablePythonDispatcher``, called by the code itself (torch.compile's tracing calls it
    from torch's own files): NOTE [a kernel in python]. Round 31's sixth attacker turned it on in a
    ``__del__`` that the engine ran mid-pass as it freed a saved tensor, and off again before the pass
    ended."""
    return _noting(original, _codes_or_in_a_pass)


def _codes_or_in_a_pass(frame) -> bool:
    """The code's call, or any call inside a backward pass: torch turns the dispatcher on there only to
    compile a backward (a compiled Function, which the checks of a pass read as one already), and torch's
    own helpers turn it on for whoever calls them (round 31's eighth attacker entered
    `torch._dispatch.python.enable_crossref_functionalize()` in a `__del__` mid-pass)."""
    return _graph_task_id() != -1 or _codes_frame(frame)


def _watch_the_stack() -> None:
    for name, wrap in (("_push_on_torch_dispatch_stack", _watched_push), ("_set_dispatch_mode", _watched_push),
                       ("_push_on_torch_function_stack", lambda original: _watched_push(original, 1)),
                       ("_dispatch_library", _watched_library),
                       ("_EnablePythonDispatcher", _watched_python_dispatcher)):
        original = getattr(torch._C, name, None)
        if original is None:
            continue
        wrapped = wrap(original)
        for module in list(sys.modules.values()):  # torch._C, and every module that took it by name
            try:
                names = [key for key, value in vars(module).items() if value is original]
            except TypeError:
                continue
            for key in names:
                setattr(module, key, wrapped)


def _tensor_subclass(cls, **kwargs):
    super(torch.Tensor, cls).__init_subclass__(**kwargs)
    _noted(cls, False)


def install() -> None:
    """Note each subclass of Tensor and of TorchDispatchMode as it is defined, and each Library the code
    makes (the zygote, once)."""
    torch.Tensor.__init_subclass__ = classmethod(_tensor_subclass)
    try:
        from torch.utils._python_dispatch import TorchDispatchMode
    except ImportError:
        TorchDispatchMode = None
    original = TorchDispatchMode.__dict__.get("__init_subclass__") if TorchDispatchMode else None
    if isinstance(original, classmethod):
        inner = original.__func__

        def _mode_subclass(cls, **kwargs):
            inner(cls, **kwargs)  # wraps the class's __torch_dispatch__ (torch._disable_dynamo): noted as wrapped
            _noted(cls, True)

        TorchDispatchMode.__init_subclass__ = classmethod(_mode_subclass)
    _torch_classes(torch.Tensor, *([TorchDispatchMode] if TorchDispatchMode else []))
    DISPATCH_ROOTS[:] = [torch.Tensor, *([TorchDispatchMode] if TorchDispatchMode else [])]
    _watch_the_stack()
    library = getattr(torch.library, "Library", None)
    init = getattr(library, "__init__", None)
    if library is not None and init is not None:
        def made(self, *args, **kwargs):
            learner = _S.on and _learner_caller(_getframe(1))
            if learner:
                _S.own_dispatch = True
            init(self, *args, **kwargs)
            if learner:  # NOTE [a kernel registered behind the watch]: the `_dispatch_library` it called sees
                note_namespace(args[0] if args else kwargs.get("ns"))  # this wrapper's frame, not the code's

        library.__init__ = made
