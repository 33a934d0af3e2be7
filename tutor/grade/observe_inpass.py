"""The code's own functions run by a backward pass, other than its hooks.

NOTE [the code's own code in a pass]: NOTE [a backward that is the code's]
(observe_codes.py) reads, before a custom node runs, which backward its
class names. Round 35's second attacker ran a formula of the code's past
every such reading: the node class's `_get_user_fn` replaced, `_forward_cls`
made a property that answers torch's reading alone, the engine's `apply`
set on the node object, on its class after the node was made, or on a class
put in by `__class__`, torch's `NestedIOFunction.backward` (which calls a
method the code put on the ctx), wrappers stripped of `__wrapped__`, and an
`aot_function` whose backward compiler returns the formula (torch stores it
on its class only as the pass runs). Whatever the route, the formula is a
function of the code's that the engine runs. So while a pass runs on this
thread (`_engine_run_backward`, every pass's way in), a trace function
watches which Python functions start: one of the code's (NOTE [a torch mode
that calls the code]'s "the code's": compiled from no file of torch's, the
grader's, the standard library's or an installed package's; what a
library exec'd in its own globals, a dataclass's `__init__` or a
namedtuple's `__new__`, and torch.fx's generated code, `<eval_with_key>`,
are not) that starts outside a hook
the code registered (each hook registration runs the hook wrapped:
`hooked`) and outside torch's checkpoint (which runs the code's forward
again in the pass, reentrant or not) counts as a custom backward of the
code's (FUNCTION_BACKWARD_RUN). A Function of the code's that an exercise
asks for runs in the reference's passes too, and the checks ask only where
the reference's ran none. Limits: the engine's device threads (CUDA) run
their nodes on threads of their own, which no trace function of this
thread sees (the class reading above still does); a code object's file name
can be forged, as everywhere here.

NOTE [where torch looks for a node's backward]: round 35's third attacker
ran no Python function of the code's in the pass at all: a formula worked
out before it, handed back by a callable of C or of a library
(`functools.partial(torch.add, hand, alpha=0)`, a `Mock`, `dict.get`, code
exec'd in a library's globals), put where the engine looks for a custom
node's backward: `apply` or `_get_user_fn` on the node object, on its class
after the node was made, or on a class put in by `__class__`. So as a pass
starts, and again after each hook of the code's returns, every Python node
of the graph below its roots (10,000 at most) is read: its class must be
the one torch made for its Function (based on BackwardCFunction alone, with
nothing in its body but `_forward_cls`, a class, and torch's bookkeeping),
its own attributes must not name the methods the engine and torch's `apply`
look up (nor the `*_extended` methods `NestedIOFunction.backward` calls),
and BackwardCFunction's own must be the ones the observers put there. One
that is not is a custom backward of the code's (FUNCTION_BACKWARD_RUN).

NOTE [hooks written into a tensor's hook dicts]: the fourth attacker put
such callables into a tensor's hook dicts themselves (`x._backward_hooks =
OrderedDict({0: partial(torch.add, hand, alpha=0)})`, or one more entry in
the dict `register_hook` made, `_post_accumulate_grad_hooks` holding an
`operator.methodcaller` that sets `.grad`): torch calls what they hold, and
no registration the observers see was made. So torch.Tensor's two hook
dict attributes note each tensor whose dicts are read or set in a run; their dicts, and
those of the pass's roots and of the leaves below them, are read where the
nodes are. Each entry must be a hook a registration wrapped
(`hooked`), or a plain function compiled from a file of torch's, the
grader's, a library's or the setup; anything else is the code's. The fifth
attacker took a node's hook dict from a registration's handle
(`handle.hooks_dict_ref()`) and swapped the wrapped hook for
`partial(min, (hand,), key=len)`: the dicts the code's node-hook
registrations made or added to are read the same way (observe_targets
notes them). (Written straight through TensorBase's own descriptor, on a
tensor no pass reaches as a root or leaf, and linked to its node by
`grad_fn._register_hook_dict`, it is not seen: a `gap_` file.) The sixth
wrote the callable into a module's own hook dicts (`_backward_hooks` with
`_is_full_backward_hook`, `_backward_pre_hooks`, the global ones), which
torch hands to a `BackwardHook` as the module runs: what its `__init__` is
handed is read the same way.
"""

from __future__ import annotations

import os
import sys
import types

import torch

from tutor.autograd_apis import FUNCTION_BACKWARD_RUN, PASS_RAISED
from tutor.grade.observe_chain import TOO_MANY, nodes_under
from tutor.grade.lookups import own_items
from tutor.grade.observe_codes import _codes_file, codes_at
from tutor.grade.observe_state import _S, _TORCH_DIR, SETUP_FILE, _copy_names, record_call as _record_call, setup_code

# read in a run of the code's, which may have replaced the builtins
_gettrace, _settrace, _callable, _range = sys.gettrace, sys.settrace, callable, range
_CHECKPOINT = os.path.join(_TORCH_DIR, "utils", "checkpoint.py")
_COMPILED = os.path.join(_TORCH_DIR, "_dynamo", "compiled_autograd.py")  # NOTE [a compiler of every pass]
_GENERATED = "<eval_with_key>"  # torch.fx's generated code (a compiled graph's forward and backward)
_DEEPEST = 64  # frames looked at for torch's checkpoint
_KNOWN: dict = {}  # code object -> whether it is the code's
_NODE_BASE = torch.autograd.function.BackwardCFunction
_NODE_KEYS = frozenset({"_forward_cls", "__module__", "__doc__", "_autograd_function_id"})  # what torch puts
_NODE_METHOD_NAMES = ("apply", "apply_boxed", "_get_user_fn")  # BackwardCFunction's, the engine's way in
_LOOKED_UP = (*_NODE_METHOD_NAMES, "backward_extended", "forward_extended")  # not on a node object
_NODE_METHODS: dict = {}  # BackwardCFunction's methods as the observers left them (install)
_MOST_NODES = 10_000
_getattr, _isinstance, _len, _type, _vars, _id, _dict, _list, _tuple = (getattr, isinstance, len, type, vars, id, dict,
                                                                       list, tuple)
_TensorBase = torch._C.TensorBase
_HOOK_DICTS = {name: _vars(_TensorBase)[name] for name in ("_backward_hooks", "_post_accumulate_grad_hooks")
               if name in _vars(_TensorBase)}
_FunctionType, _dict_values = types.FunctionType, dict.values
_MOST_TENSORS = 1000
_PLAIN_HOOKS: dict = {}  # code object -> a plain function of torch's, the grader's, a library's or the setup
_ACCUMULATE = type(torch.ones(1, requires_grad=True).view_as(torch.ones(1)).grad_fn.next_functions[0][0])
# a class's own dict and bases, as `type` keeps them: a metaclass of the code's may answer `cls.__dict__`
_class_dict, _class_bases = type.__dict__["__dict__"].__get__, type.__dict__["__bases__"].__get__


def hooked(fn):
    """``fn``, a hook the code registers, run with the pass told so."""
    if not _callable(fn):
        return fn

    def hook(*args, **kwargs):
        watched = _gettrace() is _watch
        _S.in_code_hook += 1
        try:
            return fn(*args, **kwargs)
        finally:
            _S.in_code_hook -= 1
            if watched:
                if _gettrace() is not _watch:  # a hook that took the watch off puts nothing past it
                    _settrace(_watch)
                _look_at_nodes()  # NOTE [where torch looks for a node's backward]: changed by the hook?

    _copy_names(hook, fn)
    if _S.on:  # NOTE [hooks written into a tensor's hook dicts]: one of ours
        _S.our_hooks[_id(hook)] = hook
    return hook


def _codes(frame) -> bool:
    code = frame.f_code
    known = _KNOWN.get(code)
    if known is None:
        filename = code.co_filename
        if filename.startswith("<"):  # exec'd: whose it is, its globals say (a dataclass's, a namedtuple's)
            return codes_at(filename, frame.f_globals, code) and not filename.startswith(_GENERATED)
        known = _KNOWN[code] = codes_at(filename, None)
    return known


def _in_checkpoint(frame) -> bool:
    for _ in _range(_DEEPEST):
        frame = frame.f_back
        if frame is None:
            return False
        if frame.f_code.co_filename == _CHECKPOINT:
            return True
    return False


def _watch(frame, event, arg):
    # a trace function, not a profile one: called as each Python frame starts and for nothing else (it
    # returns None: no line events), where a profile function hears every C call too (x0.89 a pass)
    code = frame.f_code
    if code.co_name == "begin_capture" and code.co_filename == _COMPILED:  # the engine hands the pass over
        _S.own_dispatch = True  # NOTE [a compiler of every pass] (observe_chain.py): however it was set
    if _S.in_code_hook or not _S.on:
        return None
    if _codes(frame) and not _in_checkpoint(frame):
        _record_call(FUNCTION_BACKWARD_RUN, None, None)
    return None


def install() -> None:
    """Note BackwardCFunction's methods as the observers left them, and note the tensors whose hook dicts a
    run reads or sets (observe.install)."""
    for name in _NODE_METHOD_NAMES:
        _NODE_METHODS[name] = _vars(_NODE_BASE).get(name)
    for name, descriptor in _HOOK_DICTS.items():
        setattr(torch.Tensor, name, _noting(descriptor))
    hooks = torch.utils.hooks.BackwardHook
    hooks.__init__ = _module_hooks_checked(hooks.__init__)


def begin() -> None:
    _S.hook_tensors, _S.our_hooks, _S.hook_dicts = {}, {}, {}


# NOTE [autograd's classes as the zygote left them]: round 40's second attacker replaced
# `BackwardCFunction.apply` once a pass had been watched (the observers' wrapper counts what a custom backward
# returns: later passes ran unseen), and put a data descriptor `apply` on `torch.autograd.Function`'s metaclass
# (every `Cube.apply` answered with it, the checks' own calls among them). Setting a class's attribute is no
# audited event. So the zygote notes both classes' own dicts once the observers are in, and the grader's first
# reads find them as they were, or leave nothing of the run to judge (readfirst.py): read then, not noted in
# the run, where the code could write the note. (A tuple: pristine puts it back before the reads.)
_META = type(torch.autograd.Function)
_CLASS_ITEMS: tuple = ()


def note_classes() -> None:
    """In the zygote, once the observers are in."""
    global _CLASS_ITEMS
    _CLASS_ITEMS = tuple((cls, tuple(own_items(cls))) for cls in (_NODE_BASE, _META))


def classes_intact() -> bool:
    """NOTE [autograd's classes as the zygote left them]."""
    for cls, items in _CLASS_ITEMS:
        now = own_items(cls)  # no lookup: a key of the code's runs nothing here
        if _len(now) != _len(items):
            return False
        for (name, value), (was_name, was_value) in zip(now, items):
            if _type(name) is not str or name != was_name or value is not was_value:
                return False
    return True


def _noting(descriptor):
    """NOTE [hooks written into a tensor's hook dicts]: TensorBase's own attribute, the tensor noted."""
    get, put = descriptor.__get__, descriptor.__set__

    def read(tensor):
        _note(tensor)
        return get(tensor)

    def write(tensor, value):
        _note(tensor)
        put(tensor, value)

    return property(read, write)


def note_dict(hooks) -> None:
    """A node's hook dict, which a registration of the code's made or added to (observe_targets)."""
    if _S.on and _isinstance(hooks, _dict) and _len(_S.hook_dicts) < _MOST_TENSORS:
        _S.hook_dicts[_id(hooks)] = hooks


def _note(tensor) -> None:
    if _S.on and _len(_S.hook_tensors) < _MOST_TENSORS:
        _S.hook_tensors[_id(tensor)] = tensor


def _foreign_hooks(tensor) -> bool:
    """A hook dict of ``tensor`` holds what no registration wrapped and no file of torch's, the grader's,
    a library's or the setup's made."""
    for descriptor in _HOOK_DICTS.values():
        if _foreign(descriptor.__get__(tensor)):
            return True
    return False


def _foreign(hooks) -> bool:
    """``hooks``, a hook dict (or None), holds what no registration wrapped and no file of torch's, the
    grader's, a library's or the setup's made."""
    if hooks is not None:
        for hook in _dict_values(hooks):
            if _foreign_hook(hook):
                return True
    return False


def _foreign_hook(hook) -> bool:
    if _S.our_hooks.get(_id(hook)) is hook:
        return False
    if _type(hook) is _FunctionType:
        code = hook.__code__
        plain = _PLAIN_HOOKS.get(code)
        if plain is None:
            filename = code.co_filename
            if filename == SETUP_FILE:  # NOTE [the setup by its code]: by identity, so never kept by equality
                return not setup_code(code)
            plain = _PLAIN_HOOKS[code] = not (filename.startswith("<") or _codes_file(filename))
        return not plain
    return True


def _module_hooks_checked(init):
    """torch's BackwardHook, made as a module with backward hooks runs (or by the code): the module's and the
    global hooks it is handed, read as a hook dict's entries are (NOTE [hooks written into a tensor's hook
    dicts]: round 35's sixth attacker wrote a C callable into `module._backward_hooks` itself)."""
    def __init__(self, module, user_hooks, user_pre_hooks, *args, **kwargs):
        if _S.on:
            for hooks in (user_hooks, user_pre_hooks):
                for hook in hooks if _isinstance(hooks, (_list, _tuple)) else (hooks,):
                    if _foreign_hook(hook):
                        _record_call(FUNCTION_BACKWARD_RUN, None, None)
                        break
        return init(self, module, user_hooks, user_pre_hooks, *args, **kwargs)

    _copy_names(__init__, init)
    return __init__


def _tampered(node) -> bool:
    """NOTE [where torch looks for a node's backward]."""
    cls = _type(node)
    if _type(cls) is not _type or _class_bases(cls) != (_NODE_BASE,):
        return True
    own_class = _class_dict(cls)
    if not _isinstance(own_class.get("_forward_cls"), _type):
        return True
    for key in own_class:
        if key not in _NODE_KEYS:
            return True
    own = _vars(node)
    for name in _LOOKED_UP:
        if name in own:
            return True
    return False


def _look_at_nodes() -> None:
    roots = _S.pass_roots
    if not roots or not _S.on:
        return
    try:
        for name, method in _NODE_METHODS.items():  # not any(): the code may have replaced the builtins
            if _vars(_NODE_BASE).get(name) is not method:
                _record_call(FUNCTION_BACKWARD_RUN, None, None)
                return
        tensors = _dict(_S.hook_tensors)  # those whose dicts were read or set, and the roots and leaves
        for root in roots:
            if _isinstance(root, _TensorBase):
                tensors[_id(root)] = root
            for node in nodes_under(_getattr(root, "grad_fn", None), _MOST_NODES):
                if node is TOO_MANY:
                    break
                if _isinstance(node, _NODE_BASE) and _tampered(node):
                    _record_call(FUNCTION_BACKWARD_RUN, None, None)
                    return
                if _type(node) is _ACCUMULATE:
                    leaf = node.variable
                    tensors[_id(leaf)] = leaf
        for tensor in _dict_values(tensors):
            if _foreign_hooks(tensor):
                _record_call(FUNCTION_BACKWARD_RUN, None, None)
                return
        for hooks in _dict_values(_S.hook_dicts):  # nodes' dicts the code's registrations made or added to
            if _foreign(hooks):
                _record_call(FUNCTION_BACKWARD_RUN, None, None)
                return
    except Exception:  # noqa: BLE001 - a node that cannot be read is no plain node of torch's
        _record_call(FUNCTION_BACKWARD_RUN, None, None)


def running(run, roots, *args, **kwargs):
    """``run(roots, *args, **kwargs)``, a pass from the tensors ``roots``, watched (a pass inside one is
    watched as part of it)."""
    before = _gettrace()
    if before is _watch or not _S.on:
        return run(roots, *args, **kwargs)
    outer = _S.pass_roots
    _S.pass_roots = roots if _isinstance(roots, (tuple, list)) else (roots,)
    _look_at_nodes()
    _settrace(_watch)
    try:
        return run(roots, *args, **kwargs)
    except BaseException:  # for the words: the pass itself raised the code's error (kinds/grad.py)
        _record_call(PASS_RAISED, None, None)
        raise
    finally:
        _settrace(before)
        _S.pass_roots = outer
