"""The check kinds' models: what an exercise's ``checks:`` list may hold.

Each model is one kind's YAML and JSON Schema; the grader's side of the same
kind (its label, probes, judgement and mutant) is tutor/grade/kinds/.
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import ConfigDict, Field, PrivateAttr, field_validator, model_validator

from tutor.autograd_apis import CALL_APIS
from tutor.pack.fields import DottedName, Identifier, LocalText, ModulePath, _Strict

class _Check(_Strict):
    points: float = Field(1.0, ge=0, description="points this check is worth")
    label: Optional[str] = Field(None, description="name shown in reports (default: derived from the check)")
    message: Optional[LocalText] = Field(None, description="extra feedback shown when the check fails")


class GradCheck(_Check):
    """``.grad`` of a named tensor equals the reference's (or is absent)."""

    kind: Literal["grad"]
    tensor: Identifier
    expect: Literal["match", "none"] = Field(
        "match", description="'none': the tensor must end with no gradient (grad is None)"
    )
    from_backward: Union[bool, Literal["or-scaled"]] = Field(
        False,
        description="the gradient must be the one a backward pass left in `.grad`: one the code assigned or "
                    "changed afterwards fails (NOTE [gradients a backward pass left], observe_grads.py); "
                    "'or-scaled': that gradient times a positive number, as the code may scale it afterwards "
                    "(`p.grad /= 4` after accumulating four passes)",
    )
    backward_from: Optional[Identifier] = Field(
        None,
        description="implies from_backward, and the pass must have started at the tensor bound to this name "
                    "when the code ends (`loss.backward()`, or `torch.autograd.grad(loss, ...)` assigned): a "
                    "pass from another tensor fails (NOTE [the pass that started at the loss], observe_roots.py)",
    )
    rtol: Optional[float] = Field(None, ge=0)
    atol: Optional[float] = Field(None, ge=0)

    @model_validator(mode="after")
    def _backward_from_a_match(self) -> "GradCheck":
        if self.backward_from is not None and self.expect != "match":
            raise ValueError("backward_from: asks where a gradient came from; `expect: none` wants none")
        return self

    @property
    def followed(self) -> bool:
        """Whether the run follows this tensor's gradient (from_backward, or backward_from)."""
        return (self.from_backward or self.backward_from is not None) and self.expect == "match"


# Names an `if_freed` expression may use besides the setup's and the solution's (tutor/grade/child.py).
IF_FREED_NAMES = frozenset({"last_gradient_of"})


class ValueCheck(_Check):
    """A Python expression evaluates to the same value as in the reference."""

    kind: Literal["value"]
    expr: str = Field(description="expression over the namespace: a tensor, number, or tuple/list of them")
    rtol: Optional[float] = Field(None, ge=0)
    atol: Optional[float] = Field(None, ge=0)
    type: Optional[Literal["number", "tensor", "bool"]] = Field(
        None,
        description="the kind of value asked for: 'number' (a Python/numpy number, not a tensor nor a 0-d array), "
                    "'tensor', or 'bool'; default: any of them compares by value",
    )
    from_autograd: Union[bool, Literal["or-backward"]] = Field(
        False,
        description="true: the value must be a tensor autograd returned in the run (`torch.autograd.grad`, a "
                    "`torch.func` transform, `torch.autograd.functional`; a copy of one, or one made only of "
                    "elements such tensors held, passes), not numbers worked out another way; 'or-backward': "
                    "or a gradient a backward pass left in `.grad` of a tensor the setup made; `expr` must be "
                    "a name; a list or tuple of tensors is judged by each of them (NOTE [values autograd "
                    "returned], observe_values.py)",
    )

    if_freed: Optional[str] = Field(
        None, description="an expression evaluated instead of `expr` where `expr` differentiates a graph the "
                          "code's own backward pass already freed (torch's 'backward through the graph a second "
                          "time' error): what that pass left, such as `x.grad`, or "
                          "`last_gradient_of(x)`: what the code's last backward pass left in `x.grad`, "
                          "even where the code cleared it after (`zero_grad()`), None where no pass left it")
    backward_from: Optional[Identifier] = Field(
        None,
        description="with from_autograd: the `torch.autograd.grad` call that returned the value must have "
                    "started at the tensor bound to this name when the code ends (`torch.autograd.grad(loss, "
                    "...)`): a call from another tensor, seeded with numbers worked out by hand, fails "
                    "(NOTE [the pass that started at the loss], observe_roots.py)",
    )

    from_hooks: bool = Field(
        False,
        description="every number the value holds (a number, a list or tuple of them) must have been worked "
                    "out by a hook the code registered, or from what one made; the same numbers read after "
                    "backward fail; `expr` must be a name (NOTE [numbers worked out in hooks], observe_hooks.py)",
    )

    @model_validator(mode="after")
    def _provenance_names_a_value(self) -> "ValueCheck":
        if self.from_autograd and not self.expr.isidentifier():
            raise ValueError("from_autograd: true wants `expr` to be a name (the tensor's), not an expression")
        if self.from_autograd and self.type not in (None, "tensor"):
            raise ValueError(f"from_autograd: true wants a tensor; `type: {self.type}` contradicts it")
        if self.from_hooks and not self.expr.isidentifier():
            raise ValueError("from_hooks: true wants `expr` to be a name (the list's), not an expression")
        if self.from_hooks and self.from_autograd:
            raise ValueError("from_hooks and from_autograd ask for two different origins: choose one")
        if self.backward_from is not None and self.from_autograd is not True:
            raise ValueError("backward_from: asks where the autograd call that returned the value started; "
                             "it wants `from_autograd: true`")
        return self


class GraphCheck(_Check):
    """The autograd graph reaching ``root`` matches the reference's."""

    kind: Literal["graph"]
    root: Identifier
    tier: Literal["leaves", "ops", "structure", "written"] = Field(
        "structure",
        description="leaves: same leaves reached; ops: also the same multiset of ops; structure: same graph, "
                    "equivalent spellings equal (x * x and x ** 2); written: same graph with the ops as written",
    )
    collapse_views: bool = Field(True, description="ignore view-only nodes (reshape, expand, ...)")
    neutral: list[str] = Field(
        default_factory=list,
        description="ops to skip before comparing, as the graph shows them (Clone, View) or as torch names them (CloneBackward0)",
    )


class ThroughCheck(_Check):
    """The autograd graph reaching ``root`` passes through a node named ``node``."""

    kind: Literal["through"]
    root: Identifier
    node: Identifier = Field(description="the node as the graph shows it: a custom Function's class name (XSin), "
                                         "an op (Mul) or torch's name for it (MulBackward0)")


class LeafCheck(_Check):
    kind: Literal["leaf"]
    tensor: Identifier
    expect: Optional[bool] = Field(None, description="expected value; default: the reference's")


class RequiresGradCheck(_Check):
    kind: Literal["requires_grad"]
    tensor: Identifier
    expect: Optional[bool] = None


class RetainsGradCheck(_Check):
    kind: Literal["retains_grad"]
    tensor: Identifier
    expect: Optional[bool] = None


class RaisesCheck(_Check):
    """The learner's code raises an exception of this type (and, with ``match``, a matching message)."""

    kind: Literal["raises"]
    exception: Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")]
    match: Optional[str] = Field(
        None,
        description="a regular expression searched in the exception's message (like pytest.raises(match=)); "
                    "ties the pack to torch's wording",
    )
    origin: Literal["library", "any"] = Field(
        "library",
        description="library (default): the exception must come from torch, numpy or Python itself, not from "
                    "a raise statement in the learner's code; any: for exercises about raising",
    )

    @field_validator("match")
    @classmethod
    def _regex(cls, value: Optional[str]) -> Optional[str]:
        if value is not None:
            import re

            try:
                re.compile(value)
            except re.error as exc:
                raise ValueError(f"not a valid regular expression: {exc}") from None
        return value


FixedArg = Union[bool, int, float, str, None]


class GradcheckCheck(_Check):
    """torch.autograd.gradcheck of a learner's function or autograd.Function, in float64."""

    kind: Literal["gradcheck"]
    function: Identifier = Field(description="a function, or an autograd.Function subclass (its .apply is used)")
    inputs: list[Identifier] = Field(
        min_length=1,
        description="names of the arguments, in order: floating tensors are cast to float64 and differentiated; "
                    "other values (integer tensors, numbers) are passed as they are",
    )
    kwargs: dict[Identifier, FixedArg] = Field(
        default_factory=dict, description="fixed keyword arguments (numbers, strings, booleans) passed on every call"
    )
    eps: Optional[float] = Field(None, gt=0, description="finite-difference step (torch's default: 1e-6)")
    atol: Optional[float] = Field(None, ge=0, description="absolute tolerance (torch's default: 1e-5)")
    rtol: Optional[float] = Field(None, ge=0, description="relative tolerance (torch's default: 1e-3)")
    check_forward_ad: bool = Field(False, description="also check forward-mode AD (jvp)")
    check_batched_grad: bool = Field(False, description="also check batched gradients (vmap over backward)")


class GradgradcheckCheck(GradcheckCheck):
    kind: Literal["gradgradcheck"]  # type: ignore[assignment]


CallApi = Literal[CALL_APIS]  # type: ignore[valid-type]


class _Counted(_Check):
    count: Optional[int] = Field(None, ge=0, description="exactly this many")
    min: Optional[int] = Field(None, ge=0, description="at least this many")
    max: Optional[int] = Field(None, ge=0, description="at most this many")

    @model_validator(mode="after")
    def _bounds(self):
        if self.count is not None and (self.min is not None or self.max is not None):
            raise ValueError("give either 'count' or 'min'/'max', not both")
        if self.count is None and self.min is None and self.max is None:
            raise ValueError("give 'count', 'min' or 'max'")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"'min' ({self.min}) is larger than 'max' ({self.max})")
        return self


class CallsCheck(_Counted):
    """How many times the learner's code called an autograd API, or any of
    several equivalent ones (counted inside the run)."""

    kind: Literal["calls"]
    api: Union[CallApi, list[CallApi]] = Field(
        description="the API: backward (Tensor.backward or torch.autograd.backward), autograd.grad, "
                    "autograd.functional.*, func.*, checkpoint; or a list of them, whose calls count together "
                    "(equivalent spellings: [backward, autograd.grad] is one reverse pass either way)")
    retain_graph: Optional[bool] = Field(
        None, description="count only calls with this retain_graph (backward and autograd.grad; "
                          "it defaults to create_graph, as in torch)")
    create_graph: Optional[bool] = Field(
        None, description="count only calls with this create_graph (backward, autograd.grad, autograd.functional.*)")

    @property
    def apis(self) -> tuple[str, ...]:
        """The APIs counted, as a tuple (one, or the list's)."""
        return (self.api,) if isinstance(self.api, str) else tuple(self.api)

    @field_validator("api")
    @classmethod
    def _distinct(cls, value):
        if isinstance(value, list):
            if not value:
                raise ValueError("give at least one API")
            if len(set(value)) != len(value):
                raise ValueError("an API is listed twice")
        return value

    @model_validator(mode="after")
    def _filters(self):
        for api in self.apis:
            if self.retain_graph is not None and api not in ("backward", "autograd.grad"):
                raise ValueError(f"'retain_graph' applies only to backward and autograd.grad, not {api}")
            if self.create_graph is not None and not (api in ("backward", "autograd.grad")
                                                      or api.startswith("autograd.functional.")):
                raise ValueError(f"'create_graph' applies only to backward, autograd.grad and autograd.functional.*, "
                                 f"not {api}")
        return self


class HooksCheck(_Counted):
    """How many hooks the learner's code registered."""

    kind: Literal["hooks"]
    on: Literal["tensor", "module", "node", "any"] = Field(
        "any", description="tensor: Tensor.register_hook / register_post_accumulate_grad_hook / "
                           "register_multi_grad_hook; module: nn.Module forward/backward hooks; "
                           "node: grad_fn.register_hook / register_prehook")
    tensor: Optional[Identifier] = Field(
        None, description="with on: tensor, count only the hooks registered on the tensor bound to this name "
                          "when the code ends (NOTE [hooks on a named tensor], observe_targets.py)")

    modules: Optional[list[ModulePath]] = Field(
        None, min_length=1, max_length=16,
        description="with on: module, count only the hooks registered on these modules (each as the setup made "
                    "it: model[0], net.encoder), and ask for one on each at least (NOTE [hooks on named "
                    "modules], observe_targets.py)")

    @model_validator(mode="after")
    def _tensor_hooks_only(self) -> "HooksCheck":
        if self.tensor is not None and self.on != "tensor":
            raise ValueError(f"tensor: names the tensor the hooks are on; it wants `on: tensor`, not `on: {self.on}`")
        if self.modules is not None and self.on != "module":
            raise ValueError(f"modules: names the modules the hooks are on; it wants `on: module`, not `on: {self.on}`")
        return self


class FootprintCheck(_Check):
    """Limits on the autograd work the learner's code created while it ran."""

    kind: Literal["footprint"]
    max_nodes: Optional[int] = Field(
        None, ge=0, description="autograd graph nodes created while the code ran; 0: build no graph")
    max_saved_bytes: Optional[int] = Field(
        None, ge=0, description="bytes of tensors saved for backward while the code ran (outside backward passes)")
    max_numel: Optional[int] = Field(
        None, ge=0, description="elements of the largest tensor an autograd call returned (a Jacobian, a Hessian)")
    max_unneeded_grads: Optional[int] = Field(
        None, ge=0, description="gradients a custom Function's backward returned for inputs that need none "
                                "(`ctx.needs_input_grad` False); 0: return None for them (NOTE [gradients nobody "
                                "needs], observe_calls.py)")

    @model_validator(mode="after")
    def _some(self):
        if self.max_nodes is None and self.max_saved_bytes is None and self.max_numel is None \
                and self.max_unneeded_grads is None:
            raise ValueError("give at least one of 'max_nodes', 'max_saved_bytes', 'max_numel', 'max_unneeded_grads'")
        return self


class UnchangedCheck(_Check):
    """Inputs from the setup that the learner's code must not modify in place."""

    kind: Literal["unchanged"]
    tensors: list[DottedName] = Field(
        min_length=1, description="tensors (or modules: all their parameters and buffers) made by the setup")


class InputsCheck(_Check):
    """NOTE [inputs unchanged]: every tensor and module the exercise's setup
    made stays as the setup made it (version counter and values), except the
    exercise's ``may_change`` and the names its ``unchanged`` checks already
    watch. The exercise adds this check itself (Exercise._inputs_check);
    write one only to give it a label, message or points."""

    kind: Literal["inputs"]
    # Filled by the exercise (may_change + names of its unchanged checks),
    # never by the YAML: the run snapshots every other name the setup bound.
    _skip: tuple = PrivateAttr(default=())
    # The exercise's may_change alone: the words name what the code may change.
    _may: tuple = PrivateAttr(default=())

    @property
    def skip(self) -> tuple:
        return self._skip

    @property
    def may_change(self) -> tuple:
        return self._may


class PythonCheck(_Check):
    """An assertion over both namespaces: ``learner`` and ``reference`` dicts."""

    kind: Literal["python"]
    assert_: str = Field(alias="assert", description="a Python expression that must be true")

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=False)


CHECK_MODELS = (
    GradCheck,
    ValueCheck,
    GraphCheck,
    ThroughCheck,
    LeafCheck,
    RequiresGradCheck,
    RetainsGradCheck,
    RaisesCheck,
    GradcheckCheck,
    GradgradcheckCheck,
    CallsCheck,
    HooksCheck,
    FootprintCheck,
    UnchangedCheck,
    InputsCheck,
    PythonCheck,
)
Check = Annotated[Union[CHECK_MODELS], Field(discriminator="kind")]
# kind -> model, in the order the docs and error messages list them.
CHECK_BY_KIND = {model.model_fields["kind"].annotation.__args__[0]: model for model in CHECK_MODELS}
CHECK_KINDS = tuple(CHECK_BY_KIND)
