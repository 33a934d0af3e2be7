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
made in a thread while an `apply` of the code's runs there is noted as it is made (its class's
``__init__``, torch's BackwardCFunction's), and as the call ends each of them that has no edges
(``next_functions``, read by torch's own getter) gives its number back, once, if it took that number
in the call (its ``__init__`` may run again on a node made before). A node made outside
`apply` (the code may make its class's nodes by hand) took a number too: giving it back changes
nothing. Nodes made in a backward pass (a recompute's numbers come off whole already: NOTE [a
recompute's nodes], observe_recompute.py) or under a functorch transform are left counted. A node class
of the code's that skips the noting ``__init__`` is left counted too.
"""

from __future__ import annotations

import threading
import weakref

import torch

from tutor.grade.observe_state import _S, _graph_task_id, _read_sequence_nr

# read in a run of the code's, which may have replaced the builtins
_getattr, _len, _range, _type, _vars = getattr, len, range, type, vars
_Tensor, _Parameter = torch.Tensor, torch.nn.Parameter
_TensorBase = torch._C.TensorBase
_view_as, _grad_fn, _requires_grad = _TensorBase.view_as, _TensorBase.grad_fn.__get__, _TensorBase.requires_grad.__get__
_is_grad_enabled, _set_grad_enabled = torch._C.is_grad_enabled, torch._C._set_grad_enabled
_function_mode_on = torch._C._is_torch_function_mode_enabled
_sequence_nr = _read_sequence_nr
_next_functions = torch._C._FunctionBase.__dict__["next_functions"].__get__
_node_number = torch._C._FunctionBase.__dict__["_sequence_nr"]
_number_now = _sequence_nr if _sequence_nr is not None else (lambda: 0)  # a torch without it: every node
_transforms_active = _getattr(torch._C, "_are_functorch_transforms_active", lambda: True)
_LOCAL = threading.local()  # .made: the Function nodes made in this thread while an apply runs, or None
_NOTED: dict = {}  # id -> a weak reference to each node noted in this run (by id: no __eq__ of the code's)
_id, _ref = id, weakref.ref


def _noted(node, *args, **kwargs) -> None:
    """BackwardCFunction's ``__init__`` (object's, before: it takes nothing and does nothing). A node is
    noted once in a run, however often its ``__init__`` runs (round 31's fifth attacker ran it again in
    the forward, and one node gave a number back for each time)."""
    made = _getattr(_LOCAL, "made", None)
    if made is None or _graph_task_id() != -1 or _transforms_active():
        return
    known = _NOTED.get(_id(node))
    if known is not None and known() is node:
        return
    _NOTED[_id(node)] = _ref(node)
    made.append(node)


def _given_back(apply):
    def counted(cls, *args, **kwargs):
        if not _S.on:
            return apply.__func__(cls, *args, **kwargs)
        made = _getattr(_LOCAL, "made", None)
        outermost = made is None
        if outermost:
            made = _LOCAL.made = []
        start, first = _len(made), _number_now()
        try:
            return apply.__func__(cls, *args, **kwargs)
        finally:
            try:
                _give_back(made, start, first)
            finally:
                if outermost:
                    _LOCAL.made = None

    return classmethod(counted)


def _give_back(made: list, start: int, first: int) -> None:
    """One number for each node noted since ``start`` that took its number in this call (``first`` on)
    and has no edges; a call around this one gives none of them again. A node made earlier and
    initialized again here took no number here: round 32's first attacker kept a recompute's hand-made
    nodes, whose numbers came off with the recompute's, and gave them back a second time."""
    for i in _range(start, _len(made)):
        node = made[i]
        if node is None:
            continue
        made[i] = None
        try:
            if _node_number(node) >= first and not _next_functions(node):
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
    if node_class is not None and "__init__" not in node_class.__dict__:
        node_class.__init__ = _noted
