"""The shape of a graph near a pass's root: whether a root is ``loss`` or a chain of ops that hand
``loss`` its seed unchanged, and the terms of a sum (NOTE [the pass that started at the loss],
observe_roots.py)."""

from __future__ import annotations

import torch

from tutor.grade.observe_dispatch import DISPATCH_ROOTS, stack_is_torchs
from tutor.grade.observe_state import (
    MOST_CLASSES, TORCH_CLASSES, _HOOK_FUNCTION, _S, _BackwardCFunction, _Tensor, _TensorBase, _getattr,
    _isinstance, _len, _type, own_method,
)

_grad_fn = _TensorBase.grad_fn.__get__
_subclasses = type.__subclasses__
MOST_SUBCLASSES = 2_000  # classes below Tensor and TorchDispatchMode read when a pass is judged
_get_output_nr = _TensorBase.output_nr.__get__
MAX_CHAIN = 8  # ops followed from a pass's root towards loss
# Ops that hand a 0-d loss's seed on unchanged (a sum or mean of one number, a view, a copy, a cast): a
# product would scale it (`(loss * 1e-30).backward()` beside a surrogate pass made loss a root of x.grad).
_PASS_THROUGH = ("SumBackward", "MeanBackward", "ViewBackward", "ReshapeAliasBackward", "UnsqueezeBackward",
                 "SqueezeBackward", "ExpandBackward", "CloneBackward", "AliasBackward", "ToCopyBackward")


def _from_tensor(tensors, end) -> bool:
    """One of ``tensors`` is ``end``, or a chain of reductions and views of it (``end.sum()``). A node
    is reached at the output ``end`` is (another output of ``end``'s node, `q` of `loss, q =
    stack([L, S]).unbind()`, is not ``end``)."""
    if not _isinstance(end, _Tensor):
        return False
    target = (_grad_fn(end), _output_nr(end))
    for t in tensors:
        if t is end:
            return True
        at = (_grad_fn(t), _output_nr(t))
        for _ in range(MAX_CHAIN):  # down a chain of reductions and views to end's own node
            if at[0] is None or at == target:
                break
            at = _seed_goes_to(at[0]) or (None, 0)
        if target[0] is not None and at == target:
            return True
    return False


def _seed_goes_to(fn):
    """(node, output) ``fn`` hands its seed to unchanged, or None: a pass-through op, or `loss + c`,
    `loss - c` (`c + loss` too, with alpha 1). Never a custom Function's node, whatever its class is
    named (a `Sum` Function's node is a `SumBackward` whose backward ran a surrogate pass)."""
    if _isinstance(fn, _BackwardCFunction) or _empty(fn):
        return None
    kids = [(i, c, nr) for i, (c, nr) in enumerate(fn.next_functions) if c is not None]
    if _len(kids) != 1:
        return None
    name = _type(fn).__name__
    if name.startswith(_PASS_THROUGH):
        return kids[0][1], kids[0][2]
    if name in ("AddBackward0", "SubBackward0") and (kids[0][0] == 0 or (
            name == "AddBackward0" and _getattr(fn, "_saved_alpha", None) == 1)):
        return kids[0][1], kids[0][2]
    return None


def _empty(fn) -> bool:
    """``fn`` made a tensor of no element (`loss.expand(0)`): nothing flows back through it to ``loss``."""
    try:
        return any(0 in _getattr(m, "shape", ()) for m in fn._input_metadata)
    except Exception:
        return True


def _sum_terms(fn) -> dict | None:
    """The (node, output) pairs the sum ``fn`` adds (``AddBackward0`` of alpha 1, nested, flattened;
    constants left out), each with how often, or None where ``fn`` is no such sum."""
    if fn is None or _type(fn).__name__ != "AddBackward0" or _isinstance(fn, _BackwardCFunction):
        return None
    terms: dict = {}
    stack, seen = [fn], 0
    while stack:
        node = stack.pop()
        seen += 1
        if seen > MAX_CHAIN * 8 or _getattr(node, "_saved_alpha", 1) != 1:
            return None
        for child, nr in node.next_functions:
            if child is None:
                continue
            if _type(child).__name__ == "AddBackward0" and not _isinstance(child, _BackwardCFunction):
                stack.append(child)
            else:
                terms[(child, nr)] = terms.get((child, nr), 0) + 1
    return terms


def _output_nr(t) -> int:
    try:
        return int(_get_output_nr(t))
    except Exception:
        return 0


TOO_MANY = object()  # what nodes_under yields past its bound


def nodes_under(fn, most: int):
    """The nodes of the graph below ``fn`` (itself first), each once; TOO_MANY after ``most`` of them."""
    stack, seen = [fn], set()
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        if _len(seen) > most:
            yield TOO_MANY
            return
        yield node
        stack.extend(child for child, _ in node.next_functions)


def own_dispatch() -> bool:
    """A dispatch of the code's own is in place, or was (NOTE [a dispatch of the code's own],
    observe_dispatch.py): a mode class or a Library the code made, or a subclass of Tensor it defined
    that has a ``__torch_dispatch__`` now, set in its body or afterwards. Once found, for the rest of the
    run: a method deleted after the pass it answered is no less the code's."""
    if _S.own_dispatch:
        return True
    if _dispatch_found():
        _S.own_dispatch = True
        return True
    return False


# NOTE [a compiler of every pass]: compiled autograd (`torch._dynamo.compiled_autograd._enable(fn)`) hands
# each backward pass's graph to a compiler, which may rewrite it: round 46's attacker's made every custom
# Function's backward hand on the gradient it was given, and left it on, so that straight-through-round's
# replay of a backward that returns zeros saw a straight-through one (5 of 5). A compiler set as a pass
# starts or ends is a dispatch of the code's own (torch sets none but inside a compile of the code's, whose
# backend is the code's too); one left on is switched off before the probes (leftovers.leave_torch_modes).
_set_compiler = _getattr(_getattr(_getattr(torch._C, "_dynamo", None), "compiled_autograd", None),
                         "set_autograd_compiler", None)


def compiler_set() -> bool:
    """A compiler of every backward pass is set (NOTE [a compiler of every pass]): read by setting none and
    setting back what was there, the one way torch reads it."""
    if _set_compiler is None:
        return False
    prior = _set_compiler(None, False)
    _set_compiler(*prior)
    return prior[0] is not None


def _dispatch_found() -> bool:
    if compiler_set():
        return True
    for cls, method in TORCH_CLASSES.items():
        if own_method(cls) is not method:
            return True
    # NOTE [a dispatch put on the stack] (observe_dispatch.py): what is on the stack now, and classes made
    # past the hooks that note them
    if not stack_is_torchs():
        return True
    if _unnoted_dispatch_class():
        return True
    for cls in _S.own_classes[:MOST_CLASSES]:
        if _dispatches(cls):
            return True
    return False


def _dispatches(cls) -> bool:
    """A class of its MRO below Tensor defines a ``__torch_dispatch__``."""
    for klass in _getattr(cls, "__mro__", ()):
        if klass is _Tensor:
            break
        if own_method(klass) is not None:
            return True
    return False


def _unnoted_dispatch_class() -> bool:
    """A class below Tensor or TorchDispatchMode that neither torch's classes nor the code's hold: a mode
    class, or a Tensor class with a ``__torch_dispatch__`` below Tensor. Past MOST_SUBCLASSES, yes."""
    seen = 0
    for root in DISPATCH_ROOTS:
        stack = [root]
        while stack:
            for cls in _subclasses(stack.pop()):
                seen += 1
                if seen > MOST_SUBCLASSES:
                    return True
                stack.append(cls)
                if cls in TORCH_CLASSES or _among(cls, _S.own_classes):
                    continue
                if root is not _Tensor or _dispatches(cls):
                    return True
    return False


def _among(item, items) -> bool:
    for other in items:  # not any(): the code may have replaced the builtins
        if other is item:
            return True
    return False


def function_under(root, most: int = 10_000) -> bool:
    """A custom Function's node is on the graph of ``root`` (NOTE [a gradient by a Function],
    observe_roots.py); past ``most`` nodes, yes. The Function torch puts where a module's full backward
    hook is is not one: the hook is the code's, and observe_hooks.py watches it. A dispatch the code
    defined counts as one wherever it is (NOTE [a dispatch of the code's own], observe_dispatch.py)."""
    if own_dispatch():
        return True
    for fn in nodes_under(_grad_fn(root), most):  # not any(): the code may have replaced the builtins
        if fn is TOO_MANY or (_isinstance(fn, _BackwardCFunction)
                              and _getattr(_type(fn), "_forward_cls", None) is not _HOOK_FUNCTION):
            return True
    return False
