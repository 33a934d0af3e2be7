"""The lesson-pack format, v1, as pydantic models.

These models are the single source of truth: validation, the JSON Schema
(``autograd-tutor pack schema``) and docs/pack-format.md all follow them.
Every model forbids unknown keys so a typo is an error, not a silent no-op.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    WithJsonSchema,
    field_validator,
)

FORMAT_VERSION = 1
LANGUAGES = ("en", "zh")

Slug = Annotated[
    str,
    Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=64, description="lower-case letters, digits and dashes"),
]
Identifier = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", description="a Python variable name")]
Code = Annotated[str, Field(description="Python source")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Text(_Strict):
    """Learner-facing text: English required, Simplified Chinese optional."""

    en: str
    zh: Optional[str] = None

    def get(self, lang: str = "en") -> str:
        return (self.zh if lang == "zh" else None) or self.en

    def __str__(self) -> str:
        return self.en


def _text_from_str(value: Any) -> Any:
    return {"en": value} if isinstance(value, str) else value


_TEXT_SCHEMA = {
    "anyOf": [
        {"type": "string", "description": "English text"},
        {
            "type": "object",
            "properties": {
                "en": {"type": "string", "description": "English (required)"},
                "zh": {"type": "string", "description": "Simplified Chinese"},
            },
            "required": ["en"],
            "additionalProperties": False,
        },
    ]
}
LocalText = Annotated[Text, BeforeValidator(_text_from_str), WithJsonSchema(_TEXT_SCHEMA)]


def _version_to_str(value: Any) -> Any:
    # `version: 1.0` in YAML is a float; authors mean the string.
    return str(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value


VersionStr = Annotated[
    str,
    BeforeValidator(_version_to_str),
    Field(pattern=r"^\d+(\.\d+)*([.-]?[A-Za-z0-9]+)*$", description="a version such as 1.0 or 2.3.1"),
]


# --------------------------------------------------------------------- pack.yaml


class PackManifest(_Strict):
    """``pack.yaml``: what the pack is and which lessons it holds, in order."""

    format: Literal[1] = Field(1, description="pack format version")
    id: Slug
    title: LocalText
    version: VersionStr
    description: Optional[LocalText] = None
    languages: list[Literal["en", "zh"]] = Field(
        default_factory=lambda: ["en"],
        description="languages every learner-facing text provides; 'en' is always required",
    )
    min_torch: VersionStr = Field("2.1", description="oldest torch release the pack works with")
    lessons: Optional[list[Slug]] = Field(
        None, description="lesson ids in teaching order (default: lesson files sorted by name)"
    )
    authors: list[str] = Field(default_factory=list)

    @field_validator("languages")
    @classmethod
    def _english_first(cls, value: list[str]) -> list[str]:
        if "en" not in value:
            raise ValueError("'en' must be one of the languages")
        if len(set(value)) != len(value):
            raise ValueError("a language is listed twice")
        return value


# ------------------------------------------------------------------------ lesson


class Example(_Strict):
    """Runnable code in a lesson; ``output`` is exactly what it prints (tests run it)."""

    code: Code
    output: str = Field("", description="what running `code` prints, checked by the test suite")
    title: Optional[LocalText] = None


class Lesson(_Strict):
    id: Slug
    title: LocalText
    body: LocalText = Field(description="Markdown")
    examples: list[Example] = Field(default_factory=list)
    exercises: list[Slug] = Field(default_factory=list, description="ids of this lesson's exercises, in order")


# ------------------------------------------------------------------------ checks


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
    rtol: Optional[float] = Field(None, ge=0)
    atol: Optional[float] = Field(None, ge=0)


class ValueCheck(_Check):
    """A Python expression evaluates to the same value as in the reference."""

    kind: Literal["value"]
    expr: str = Field(description="expression over the namespace: a tensor, number, or tuple/list of them")
    rtol: Optional[float] = Field(None, ge=0)
    atol: Optional[float] = Field(None, ge=0)


class GraphCheck(_Check):
    """The autograd graph reaching ``root`` matches the reference's."""

    kind: Literal["graph"]
    root: Identifier
    tier: Literal["leaves", "ops", "structure"] = Field(
        "structure",
        description="leaves: same leaves reached; ops: also the same multiset of ops; structure: same graph",
    )
    collapse_views: bool = Field(True, description="ignore view-only nodes (reshape, expand, ...)")


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
    """The learner's code raises an exception of this type (matched by type, not message)."""

    kind: Literal["raises"]
    exception: Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")]


class GradcheckCheck(_Check):
    """torch.autograd.gradcheck of a learner's function or autograd.Function, in float64."""

    kind: Literal["gradcheck"]
    function: Identifier = Field(description="a function, or an autograd.Function subclass (its .apply is used)")
    inputs: list[Identifier] = Field(min_length=1, description="names of the input tensors")
    eps: Optional[float] = Field(None, gt=0)
    atol: Optional[float] = Field(None, ge=0)


class GradgradcheckCheck(GradcheckCheck):
    kind: Literal["gradgradcheck"]  # type: ignore[assignment]


class PythonCheck(_Check):
    """An assertion over both namespaces: ``learner`` and ``reference`` dicts."""

    kind: Literal["python"]
    assert_: str = Field(alias="assert", description="a Python expression that must be true")

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=False)


CHECK_MODELS = (
    GradCheck,
    ValueCheck,
    GraphCheck,
    LeafCheck,
    RequiresGradCheck,
    RetainsGradCheck,
    RaisesCheck,
    GradcheckCheck,
    GradgradcheckCheck,
    PythonCheck,
)
Check = Annotated[Union[CHECK_MODELS], Field(discriminator="kind")]
# kind -> model, in the order the docs and error messages list them.
CHECK_BY_KIND = {model.model_fields["kind"].annotation.__args__[0]: model for model in CHECK_MODELS}
CHECK_KINDS = tuple(CHECK_BY_KIND)

# ---------------------------------------------------------------------- exercise


class Tolerance(_Strict):
    rtol: float = Field(ge=0)
    atol: float = Field(ge=0)


class Tolerances(_Strict):
    """Per-dtype overrides of the grader's default tolerances."""

    float16: Optional[Tolerance] = None
    bfloat16: Optional[Tolerance] = None
    float32: Optional[Tolerance] = None
    float64: Optional[Tolerance] = None


class Trial(_Strict):
    seed: int = Field(ge=0, description="passed to setup code as `seed`")
    hidden: bool = Field(False, description="inputs and expected values never appear in feedback")


class Exercise(_Strict):
    id: Slug
    title: LocalText
    prompt: LocalText = Field(description="Markdown: the task, without the answer")
    style: Literal["write", "fix", "predict", "match-graph"] = Field(
        "write", description="write code / fix broken code / predict a value / make a graph match a drawing"
    )
    setup: Code = Field("", description="creates the inputs; may use `seed` and `device`")
    starter: Code = Field("", description="what the learner's editor opens on; must fail the checks")
    solution: Optional[Code] = Field(None, description="reference solution (or use solution_file)")
    solution_file: Optional[str] = Field(None, description="reference solution in a .py file beside this one")
    checks: list[Check] = Field(min_length=1)
    hints: list[LocalText] = Field(default_factory=list, description="progressive: the last is nearly the answer")
    points: Optional[float] = Field(
        None, gt=0, description="total points (default: the sum of the checks' points)"
    )
    trials: list[Trial] = Field(
        default_factory=lambda: [Trial(seed=0)], min_length=1, description="seeds to run setup with"
    )
    timeout: float = Field(10.0, gt=0, le=600, description="seconds per run")
    tolerance: Tolerances = Field(default_factory=Tolerances)
    show_solution: Literal["never", "after_solved", "after_attempts", "always"] = "after_solved"
    solution_after_attempts: int = Field(3, ge=1, description="for show_solution: after_attempts")

    @property
    def max_points(self) -> float:
        return self.points if self.points is not None else sum(c.points for c in self.checks)


FILE_MODELS = {"pack": PackManifest, "lesson": Lesson, "exercise": Exercise}
