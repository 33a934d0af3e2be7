"""A custom Function's node that records nothing is no graph.

NOTE [a Function's node that records nothing]: `Function.apply` makes its node (and takes a sequence
number) before it knows whether anything is recorded: under no_grad, or with no input that needs a
gradient, the node gets no edges and is dropped, and footprint counted it (evaluate-without-a-graph failed
a model that checkpoints its layers, evaluated under no_grad, as "3 nodes": round 30's third learner).

Round 30 gave one number back for each `apply` call whose outputs had no grad_fn, and every form of that
rule was fooled: a call read as one where torch's `apply` called itself again (round 31's first attacker,
through a functorch flag of the code's: one node, two numbers), a node torch recorded with edges to the
model's parameters while its only output was marked non-differentiable (the third), its inputs given as
the forward's default arguments, or grad mode turned on between the check and torch's own (the fourth).
What a call looks like from outside says little. So the nodes themselves are read: every Function node
made in a thread while an `apply` of the code's runs there is noted as it is made (torch's
BackwardCFunction's ``__new__``, where the node takes its number), and as the call ends each of them that
has no edges (``next_functions``, read by torch's own getter) gives its number back, once. Noting in
``__init__`` was fooled twice (round 31's fifth attacker ran it again in the forward; round 32's first
ran it again in a later `apply` on nodes a recompute had made, whose numbers came off with the
recompute's), and a node's own number is no witness either (`_set_sequence_nr` writes it: round 32's
third attacker): ``__new__`` runs once per node, as it takes its number. A node made outside `apply`
(the code may make its class's nodes by hand) took a number too: giving it back changes nothing. Nodes
made in a backward pass (a recompute's numbers come off whole already: NOTE [a recompute's nodes],
observe_recompute.py) or under a functorch transform are left counted. A node made past the noting
``__new__`` (torch's own ``_FunctionBase.__new__`` called by hand, a class of the code's with a
``__new__`` of its own) is left counted too.
"""

from __future__ import annotations

import threading
import weakref

import torch

from tutor.autograd_apis import FUNCTION_BACKWARD_RUN
from tutor.grade.observe_state import _S, _graph_task_id, _read_sequence_nr, record_call as _record_call

# read in a run of the code's, which may have replaced the builtins
_getattr, _len, _range, _type, _vars, _id, _tuple, _isinstance = getattr, len, range, type, vars, id, tuple, isinstance
_Tensor, _Parameter, _ref = torch.Tensor, torch.nn.Parameter, weakref.ref
_TensorBase = torch._C.TensorBase
_view_as, _grad_fn, _requires_grad = _TensorBase.view_as, _TensorBase.grad_fn.__get__, _TensorBase.requires_grad.__get__
_is_grad_enabled, _set_grad_enabled = torch._C.is_grad_enabled, torch._C._set_grad_enabled
_function_mode_on = torch._C._is_torch_function_mode_enabled
_sequence_nr = _read_sequence_nr
_next_functions = torch._C._FunctionBase.__dict__["next_functions"].__get__
_new = torch._C._FunctionBase.__new__
_NODE_CLASS = torch.autograd.function.BackwardCFunction
_transforms_active = _getattr(torch._C, "_are_functorch_transforms_active", lambda: True)
_LOCAL = threading.local()  # .made: the Function nodes made in this thread while an apply runs, or None


def _noted(cls, *args, **kwargs):
    """BackwardCFunction's ``__new__`` (torch's own, _FunctionBase's, before): the node, noted as made in
    this thread while an `apply` runs, outside backward passes and functorch transforms."""
    node = _new(cls, *args, **kwargs)
    if _S.on and _getattr(cls, "apply", None) is not _getattr(_NODE_CLASS, "apply", None):
        # a node class of the code's with an `apply` of its own (`Fn._backward_cls = ...`): its backward
        # is the code's, and the observer of torch's `apply` never runs (round 33's third attacker)
        _record_call(FUNCTION_BACKWARD_RUN, None, None)
    made = _getattr(_LOCAL, "made", None)
    if made is not None and _graph_task_id() == -1 and not _transforms_active():
        made.append(node)
    return node


def _given_back(apply):
    def counted(cls, *args, **kwargs):
        if not _S.on:
            return apply.__func__(cls, *args, **kwargs)
        made = _getattr(_LOCAL, "made", None)
        outermost = made is None
        if outermost:
            made = _LOCAL.made = []
        start = _len(made)
        needs = _needs_of(args)
        try:
            return apply.__func__(cls, *args, **kwargs)
        finally:
            try:
                if _len(made) > start and made[start] is not None and _len(_S.needs) < 4096:
                    # the call's node, made first; held weakly: a graph the code let go of is let go of
                    _S.needs[_id(made[start])] = (_ref(made[start]), needs)
                _give_back(made, start)
            finally:
                if outermost:
                    _LOCAL.made = None

    return classmethod(counted)


# NOTE [what a Function's inputs needed]: footprint's `max_unneeded_grads` counts the gradients a custom
# backward returns where an input needs none, and read `ctx.needs_input_grad`, which the code may rewrite in
# its forward (round 46's attacker: only-what-is-needed, 10 of 10, its backward returning both). What each
# input needs is read here as the call starts, from the inputs themselves, as torch reads it.
def _needs_of(args) -> tuple:
    on = _is_grad_enabled()
    return _tuple(on and _isinstance(a, _Tensor) and _requires_grad(a) for a in args)


def needs_of(node, _empty=()) -> tuple:
    """What each input of the call that made ``node`` needed (NOTE [what a Function's inputs needed]); where
    the call was not seen, what the node says."""
    known = _S.needs.get(_id(node))
    return known[1] if known is not None and known[0]() is node else _getattr(node, "needs_input_grad", _empty)


def _give_back(made: list, start: int) -> None:
    """One number for each node made since ``start`` with no edges; a call around this one gives none of
    them again."""
    for i in _range(start, _len(made)):
        node = made[i]
        if node is None:
            continue
        made[i] = None
        try:
            if not _next_functions(node):
                _S.observer_nodes += 1
        except Exception:  # noqa: BLE001 - a node that cannot be read: counted as torch counted it
            pass


# NOTE [a view to reach an accumulator]: torch reaches a leaf's AccumulateGrad node through a view made
# for the purpose (`_get_grad_fn_or_grad_acc`: `t.view_as(t).grad_fn.next_functions[0][0]`), for
# `register_multi_grad_hook` and `get_gradient_edge`, and footprint counted the view's node: the
# reference plus a multi-grad hook that only records, on two leaves, failed backward-twice as "5 nodes"
# (round 31's second learner). For a leaf of torch's own classes, the observers take torch's steps
# themselves, and give back the one number the view took.
def _plain_leaf(t) -> bool:
    """A leaf of torch's own classes (by identity: no metaclass's `==`) that requires grad, with no
    torch-function mode on: torch's view_as, called as TensorBase's, runs nothing of the code's on it."""
    kind = _type(t)
    return (kind is _Tensor or kind is _Parameter) and not _function_mode_on() and _grad_fn(t) is None \
        and _requires_grad(t)


def _accumulator_found(original):
    def found(t, *args, **kwargs):
        if not _S.on or args or kwargs or not _plain_leaf(t):
            return original(t, *args, **kwargs)
        # torch's own steps, taken here with TensorBase's view_as: `t.view_as` read on the tensor found a
        # view_as of the code's set on the tensor itself, or answered by a __getattribute__ of its class
        # (round 31's sixth attacker built a graph one op per call, and each was given back)
        first, enabled = _sequence_nr(), _is_grad_enabled()
        _set_grad_enabled(True)
        try:
            view = _view_as(t, t)
        finally:
            _set_grad_enabled(enabled)
        node = _grad_fn(view).next_functions[0][0]
        if _sequence_nr() - first == 1:
            _S.observer_nodes += 1
        return node

    return found


def install() -> None:
    """The zygote, once, before any code runs."""
    graph = torch.autograd.graph
    if _getattr(graph, "_get_grad_fn_or_grad_acc", None) is not None and _sequence_nr is not None:
        graph._get_grad_fn_or_grad_acc = _accumulator_found(graph._get_grad_fn_or_grad_acc)
    function = torch.autograd.function.Function
    if isinstance(function.__dict__.get("apply"), classmethod):
        function.apply = _given_back(function.__dict__["apply"])
    node_class = _getattr(torch.autograd.function, "BackwardCFunction", None)
    if node_class is not None and "__new__" not in node_class.__dict__:
        node_class.__new__ = staticmethod(_noted)
