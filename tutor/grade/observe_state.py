"""The observers' shared state and the torch functions they use, taken
when this module is imported (before any learner code runs), so that
monkeypatching torch afterwards changes nothing observe.py records."""

from __future__ import annotations

import functools
import os
import sys
import types
import warnings

import torch
import torch.nn as _nn

from tutor.autograd_apis import CALL_APIS
from tutor.grade.protocol import CODE_FILE, SETUP_FILE  # noqa: F401 (read from here by the observers)
from tutor.grade.setupcode import note_setup, setup_code  # noqa: F401 (read from here by the observers)

_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep

# The observers and probes read a non-leaf's .grad, and torch warns each time: the warnings showed
# under "your code printed" with the grader's paths (found by probing: keep-the-hidden-gradient).
# Only warnings raised from the grader's own modules: the code's own reads still warn.
warnings.filterwarnings("ignore", message=r"The \.grad attribute of a Tensor that is not a leaf",
                        category=UserWarning, module=r"tutor\.grade\.")
# functorch's deprecation warning, raised through the observers' wrapper, named the grader's file
warnings.filterwarnings("ignore", category=FutureWarning, module=r"tutor\.grade\.observe_calls")

_getframe = sys._getframe
_type = type
_isinstance = isinstance


def _of_type(value, kind) -> bool:
    """``isinstance`` by the object's type: ``isinstance`` asks an object of another type its ``__class__``,
    which a property of the code's answers, running code as the grader reads (NOTE [results read before
    the code can run], readfirst.py)."""
    return _issubclass(_type(value), kind)  # bound below, read when called

_len = len
_zip = zip
_TensorBase = torch._C.TensorBase
_Tensor = torch.Tensor
_BackwardCFunction = torch.autograd.function.BackwardCFunction  # a custom Function's node
_no_torch_function = torch._C.DisableTorchFunctionSubclass  # a subclass's __torch_function__ lies
_no_torch_function_at_all = torch._C.DisableTorchFunction  # ... nor a mode's
_HOOK_FUNCTION = torch.nn.modules._functions.BackwardHookFunction  # a module's full backward hook
_numel = _TensorBase.numel
_element_size = _TensorBase.element_size
_requires_grad = _TensorBase.requires_grad.__get__
# -1 outside a backward pass (a checkpoint's recomputation saves inside one)
_graph_task_id = getattr(torch._C, "_current_graph_task_id", lambda: -1)
_detach = _TensorBase.detach
_clone = _TensorBase.clone
_mul = _TensorBase.mul
_get_version = _TensorBase._version.__get__
_view_as = _TensorBase.view_as
# autograd's per-thread node counter, read without making a node (None where torch has no such read)
_read_sequence_nr = getattr(torch._C._autograd, "_get_sequence_nr", None)
_get_grad_fn = _TensorBase.grad_fn.__get__
_get_is_leaf = _TensorBase.is_leaf.__get__
_get_grad = _TensorBase.grad.__get__
# taken before observe.py wraps it: the observers' own registrations are not the code's
_register_post_accumulate = _Tensor.register_post_accumulate_grad_hook
_get_shape = _TensorBase.shape.__get__
_get_dtype = _TensorBase.dtype.__get__
_zeros = torch.zeros
_any = _TensorBase.any
_allclose = torch.allclose
_equal = torch.equal
_is_grad_enabled = torch.is_grad_enabled
_set_grad_enabled = torch._C._set_grad_enabled
_push_saved = torch._C._autograd._push_saved_tensors_default_hooks
_pop_saved = torch._C._autograd._pop_saved_tensors_default_hooks
_top_saved = getattr(torch._C._autograd, "_top_saved_tensors_default_hooks", None)
_Module = _nn.Module
_Parameter = _nn.Parameter
_named_parameters = _Module.named_parameters
_named_buffers = _Module.named_buffers
_setattr = setattr
_getattr = getattr


def _copy_names(wrapper, original, signature: bool = False) -> None:
    """A wrapper named as what it wraps (the observers' wrappers, and the hooks they wrap). ``signature``: with
    torch's signature too, for the wrappers of torch's API the zygote makes (`help(torch.autograd.grad)` and
    `inspect.signature` show torch's: round 41's learners; never a `__wrapped__`, which would hand a run the
    original to call unobserved). Never for a hook of the code's: reading its signature could run its code."""
    for attr in ("__name__", "__qualname__", "__doc__", "__module__"):
        try:
            _setattr(wrapper, attr, _getattr(original, attr))
        except Exception:
            pass
    if signature:
        import inspect

        try:
            _setattr(wrapper, "__signature__", inspect.signature(original))
        except Exception:  # noqa: BLE001 - a builtin without one: the wrapper's own stays
            pass

API_NAMES = CALL_APIS  # what a calls check can count (tutor/autograd_apis.py)
HOOK_KINDS = ("tensor", "module", "node")
MAX_ORDER = 64  # calls kept in order (for feedback); counts are kept for all

# API -> which of its arguments are retain_graph / create_graph (None: it has none)
# Where each reverse pass takes its seed (NOTE [a zero seed is no pass], observe_calls.py): (keyword, position)
_SEEDS = {"backward": ("gradient", "grad_tensors", 1), "autograd.grad": ("grad_outputs", None, 2)}
_FLAGS = {"backward": ("retain_graph", "create_graph"), "autograd.grad": ("retain_graph", "create_graph"),
          **{f"autograd.functional.{n}": (None, "create_graph")
             for n in ("jacobian", "hessian", "vjp", "jvp", "hvp", "vhp")}}
# torch.func transforms that return a function: its outputs are measured when called
_TRANSFORMS = ("func.grad", "func.grad_and_value", "func.vmap", "func.jacrev", "func.jacfwd", "func.hessian")


class _Defaults:
    on = False
    saved_hooks = False
    calls: dict = {}
    order: list = []
    hooks: dict = {}
    active: dict = {}  # api -> nesting depth
    depth = 0  # any observed API running
    judging = False  # a check's expression is being judged (NOTE [a graph judged before a pass freed it])
    in_vmap = 0  # vmapped functions running: NOTE [a gradient with vmap] (observe_vmap.py)
    in_gradient = 0  # functions of torch.func gradient transforms running (the same NOTE)
    vmap_frames: list = []  # per vmapped function running: did anything differentiate in it?
    saved_bytes = 0
    max_numel = 0
    max_shape: list | None = None
    max_api = ""
    unneeded_grads = 0  # NOTE [gradients nobody needs] (observe_calls.py)
    in_code_hook = 0  # hooks of the code's running now: NOTE [the code's own code in a pass] (observe_inpass.py)
    pass_roots: tuple = ()  # the tensors the pass now running started at (observe_inpass.py)
    hook_tensors: dict = {}  # id -> a tensor whose hook dicts the run read or set, or a pass's leaf (observe_inpass.py)
    our_hooks: dict = {}  # id -> a hook a registration wrapped (observe_inpass.hooked)
    hook_dicts: dict = {}  # id -> a node's hook dict a registration of the code's made (observe_inpass.py)
    seq_start = None
    snapshots: list = []
    module_inputs: list = []  # NOTE [modules as the setup made them] (observe_modules.py)
    missing: list = []
    shapes: dict = {}
    installed = False
    own_dispatch = False  # NOTE [a dispatch of the code's own] (observe_dispatch.py)
    libraries_base = None  # NOTE [a kernel registered behind the watch] (observe_kernels.py): as the code began
    libraries_young = 0  # ... the references to the Library class from objects the run had made by then
    libraries_made = 0  # ... and the Libraries the watch made since
    kernels_of_the_code = False  # ... one of them the code's, for a namespace of torch's ops
    kernels_touched = False  # ... a Library made, or one of its ways to register called (NOTE [kernels read whole])
    eager_library = False  # ... one made for aten or every op's fallback, by anyone (observe_kernels._EAGER)
    own_classes: list = []  # ... the code's subclasses of Tensor, read when a pass is judged
    nodes = None
    end_seq = None  # autograd's node counter as the record closed (observe.count_late)
    compiling, window, late_threads = 0, False, 0  # in torch.compile's steps; after the record, threads then
    saves_unweighed = ""  # what kept tensors for backward past the weighing (NOTE [saves past the weighing])
    grad_names: list = []  # observe_grads.py: the tensors whose gradients a pass's marks follow
    grad_namespace = None
    grad_marks: dict = {}
    grad_followed: dict = {}  # id -> tensor followed (observe_grads.py)
    grad_results: list = []  # what torch.autograd.grad returned, as marks (and the call's outputs)
    grad_root_names: list = []  # NOTE [the pass that started at the loss] (observe_roots.py)
    grad_mark_history: list = []  # every pass's notes, for value checks (observe_values.value_provenance)
    grad_mark_roots: dict = {}  # id of a followed tensor -> the roots of the passes its mark is from
    func_results: list = []  # what torch.func transforms and torch.autograd.functional returned (value checks only)
    value_names: list = []  # observe_grads.py: names a value check wants returned by torch.autograd.grad
    value_namespace = None
    value_new_leaves = False  # NOTE [a step that makes w anew] (observe_grads.py)
    nested_roots: dict = {}  # NOTE [a pass inside a pass] (observe_passes.py): id -> a running pass's inner roots
    grad_setup_bound: set = set()
    grad_results_budget: list = [0]
    grad_accumulated: set = set()  # ids of followed leaves autograd accumulated into during the pass
    # observe_accumulated.py: id -> the note of a gradient just accumulated, what autograd delivered, what
    # the leaf held before; the pass's budget of elements copied
    grad_accumulated_notes: dict = {}
    grad_delivered: dict = {}
    grad_base: dict = {}
    accumulated_budget: list = [0]
    accumulators: dict = {}  # id of a followed leaf -> (it, its AccumulateGrad node)
    hook_names: list = []  # observe_hooks.py: names a value check wants worked out in hooks
    hook_namespace = None
    hook_scale = None  # NOTE [gradients handed to hooks, scaled] (observe_hooks.py): the factor, or None
    hook_leaves: list = []  # ... and the leaves the hook running now is on
    in_hook = 0
    marked: dict = {}
    noted: set = set()
    hook_mode = None
    hook_modules: list = []  # NOTE [hooks on named modules]: (path, the module the setup bound there)
    hooked_modules: list = []  # the modules the code's module hooks went on
    hook_target_names: list = []  # NOTE [hooks on a named tensor]: names whose hooks are counted
    hook_targets: list = []  # the tensors the code registered hooks on (only when asked)
    node_hook_dicts: list = []  # NOTE [a hook on a leaf's accumulator]: the dicts its node hooks went into
    node_probe = None  # ... a list while an accumulator is asked for its dicts
    observer_nodes = 0  # nodes the observers made while the code ran (asking an accumulator): not the code's
    code_made = 0  # made inside a range but the code's all the same: NOTE [a backend is the code's]
    needs: dict = {}  # id(a Function's node) -> (a weak reference to it, what its inputs needed): observe_unrecorded
    watch_replaced = False  # NOTE [a hook that replaced a gradient] (observe_replaced.py)
    replaced: dict = {}  # class -> replacements in the whole run
    replaced_now: dict = {}  # ... in the backward pass under way
    replaced_outside: dict = {}  # ... outside any backward pass (an autograd.grad call's)
    seeded_now: set = set()  # NOTE [a seed copied in] (observe_seeds.py): ids, for the pass under way
    grad_replaced: dict = {}  # id of a followed tensor -> class -> replacements in the passes its .grad is from


class _State:
    """The record's state: slotted, so no dict of its own that code could plant a key in, whose lookup
    would run it while the grader reads the record (round 38's attacker: `vars(_S)` took a key on
    `max_shape`, read by observe.report). Each starts as its default, shared as a class attribute was."""

    # and the ones set later, read with getattr's default until then
    __slots__ = tuple(name for name in vars(_Defaults) if not name.startswith("__")) + (
        "grad_mode_at_end", "hook_target_namespace", "inputs", "inputs_compared", "inputs_during", "setup_bound",
        "threads_left")

    def __init__(self) -> None:
        for name in self.__slots__:
            if name in vars(_Defaults):
                setattr(self, name, getattr(_Defaults, name))


_S = _State()


def record_call(api: str, retain, create) -> None:
    """One call of ``api`` in the record (counted; the first MAX_ORDER in order too)."""
    key = (api, retain, create)
    _S.calls[key] = _S.calls.get(key, 0) + 1
    if _len(_S.order) < MAX_ORDER:
        _S.order.append([api, retain, create])
    # NOTE [a checkpoint under the code's hooks]: checkpoint-the-block counts what `pack` sees while the
    # checkpointed block runs, and a count of 0 is right where the block's input reaches it captured by a
    # lambda or by keyword (round 34's learner), and wrong where the hooks were left before the checkpoint ran.
    # A checkpoint called while saved-tensor hooks of the code's are on (not the observers' own; a
    # checkpoint's own come after this call) counts as this API too.
    top = _top_saved(False) if api == "checkpoint" and _top_saved is not None else None
    if top is not None and not any(top[0] is own for own in OWN_PACKS):  # the observers' own are not the code's
        record_call("checkpoint.under_saved_tensors_hooks", None, None)


OWN_PACKS: list = []  # the observers' own pack functions (observe_saved.py)
RECORDED_WITH = ("checkpoint.under_saved_tensors_hooks",)  # calls APIs record_call notes beside another


def same_values(tensor, copy) -> bool:
    """``tensor`` holds exactly ``copy``'s values (shape and dtype too; NaNs equal). Raises where it cannot
    be read."""
    current = _detach(tensor)
    return (list(_get_shape(current)) == list(_get_shape(copy)) and _get_dtype(current) == _get_dtype(copy)
            and equal_bits(current, copy))


def equal_bits(a, b) -> bool:
    """Equal everywhere, NaNs too: torch.equal's answer, and allclose's with no tolerance where equal says
    no (a NaN; equal is some ten times cheaper, and the observers compare on every pass)."""
    try:
        if bool(_equal(a, b)):
            return True
    except Exception:  # noqa: BLE001 - a layout equal does not take: allclose decides
        pass
    return bool(_allclose(a, b, rtol=0.0, atol=0.0, equal_nan=True))


def scaled_values(tensor, copy) -> bool:
    """``tensor`` holds ``copy``'s values times one positive number, within float tolerance: what a pass
    left, scaled afterwards (`p.grad /= 4`). False where either cannot be read so (a complex gradient)."""
    try:
        current = _detach(tensor)
        if list(_get_shape(current)) != list(_get_shape(copy)) or _get_dtype(current) != _get_dtype(copy):
            return False
        flat, double, dot = _TensorBase.reshape, _TensorBase.double, _TensorBase.dot
        a, b = double(flat(current, (-1,))), double(flat(copy, (-1,)))
        norm = float(dot(b, b))
        if not norm > 0.0:
            return False
        k = float(dot(a, b)) / norm
        return k > 0.0 and bool(_allclose(a, _TensorBase.mul(b, k), rtol=1e-5, atol=1e-12 * k * norm ** 0.5))
    except Exception:  # noqa: BLE001
        return False


# NOTE [a call through torch's own helpers]: `tree_map(partial(grad, f), xs)`
# or `torch.enable_grad()(torch.autograd.grad)(loss, [w, b])` call the API
# from a torch frame (_pytree.py, _contextlib.py), which hid the call from
# every `calls` check: predict-the-chain's "no autograd" passed with
# autograd's answer, and a loop of `grad` calls beside one token `vmap`
# passed per-sample-gradients. A torch frame (or an observer's) passes the
# call on, and the frame above it decides, when it holds the API (in a
# local, or a tuple, list, dict or object it holds: a partial, a bound
# method, a `__call__` or functools.wraps of it) or when its code uses no
# name the API goes by (`tree_map` hands a `map` on; `_backward_hooks` is
# not `backward`). One that names it makes a call of torch's own:
# Tensor.backward's `torch.autograd.backward`, functorch's `_autograd_grad`,
# a module's full backward hook's `register_prehook`. A dispatch of the
# code's (observe_dispatch.py) asks with no API: every torch frame is looked
# through.
_OURS = os.path.dirname(__file__) + os.sep  # the grader's modules
_partial, _partialmethod, _cached = functools.partial, functools.partialmethod, functools._lru_cache_wrapper
_method, _function, _method_wrapper = types.MethodType, types.FunctionType, types.MethodWrapperType
_staticmethod, _classmethod, _vars = staticmethod, classmethod, vars
_list, _tuple, _dict, _Exception = list, tuple, dict, Exception
_object_attribute = object.__getattribute__
_issubclass = issubclass
# read through the C types' own descriptors: a subclass may put a property of its own in their place
_partial_func = _partial.func.__get__
_staticmethod_func, _classmethod_func = _staticmethod.__func__.__get__, _classmethod.__func__.__get__


def _is(value, target) -> bool:
    """``value`` is ``target``, or a partial, bound method, ``__call__``, cache or functools.wraps of it."""
    for _ in (0, 1, 2, 3, 4, 5, 6, 7):
        if value is target:
            return True
        kind = _type(value)
        if _issubclass(kind, _partial):  # a subclass of partial too (round 28: SparseAdam.step's closure)
            value = _partial_func(value)
        elif kind is _partialmethod:
            value = value.func
        elif kind is _method:
            value = value.__func__
        elif _issubclass(kind, _staticmethod):
            value = _staticmethod_func(value)
        elif _issubclass(kind, _classmethod):
            value = _classmethod_func(value)
        elif kind is _method_wrapper:
            value = value.__self__
        elif kind is _function:
            value = value.__dict__.get("__wrapped__")
        elif kind is _cached:
            value = value.__wrapped__
        else:
            return False
    return False


def _holds(frame, target) -> bool:
    """The frame holds ``target``: in a local, or one level into a tuple, list, dict or object it holds."""
    try:
        values = _list(frame.f_locals.values())[:64]
    except _Exception:  # noqa: BLE001 - a frame that cannot be read passes nothing on
        return False
    for value in values:
        if _is(value, target):
            return True
        kind = _type(value)
        try:
            inner = value if kind is _tuple or kind is _list else value.values() if kind is _dict else \
                _object_attribute(value, "__dict__").values()
            for item in _list(inner)[:32]:
                if _is(item, target):
                    return True
        except _Exception:  # noqa: BLE001 - no dict, or one that refuses: nothing held there
            continue
    return False


def _names(frame, names) -> bool:
    for used in frame.f_code.co_names:
        if used in names:
            return True
    return False


def _learner_caller(frame, target=None, names=None) -> bool:
    """True when the learner's code called ``target`` (an API's wrapper; ``names``: what torch's code
    calls it by, None: any name) from this frame, or through frames that pass it on; with no target,
    when the first frame not torch's is the learner's (NOTE [a call through torch's own helpers])."""
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename.startswith("<frozen "):
            if filename.startswith("<frozen importlib"):
                return False  # an import: what the imported module does is its own
            frame = frame.f_back  # abc's metaclass (`metaclass=ABCMeta`), and the like, pass a class on
            continue
        ours = filename.startswith(_OURS)
        if not (ours or filename.startswith(_TORCH_DIR)):
            return not (filename == SETUP_FILE and setup_code(frame.f_code))
        if target is None:
            if ours:
                return False
        elif (names is None or _names(frame, names)) and not _holds(frame, target):  # the names cost less
            return False
        frame = frame.f_back
    return False


# Torch's classes (and the setup's), each with the ``__torch_dispatch__`` of its own it had when it was
# made: one the code sets on them afterwards counts as the code's (TorchDispatchMode itself, given a
# method and entered, passed two-paths-add-up). Kept by observe_dispatch.py, read by
# observe_chain.own_dispatch.
TORCH_CLASSES: dict = {}
MOST_CLASSES = 64  # the code's Tensor classes read when a pass is judged; past them, a dispatch of its own


def own_method(cls):
    """The ``__torch_dispatch__`` a class defines itself, or None."""
    try:
        return _vars(cls).get("__torch_dispatch__")
    except _Exception:  # noqa: BLE001 - no namespace to read
        return None
