"""The lesson-pack format, v1, as pydantic models.

These models are the single source of truth: validation, the JSON Schema
(``autograd-tutor pack schema``) and docs/pack-format.md all follow them.
Every model forbids unknown keys so a typo is an error, not a silent no-op.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BeforeValidator, Field, WithJsonSchema, field_validator, model_validator

# The check models and the field types live beside this module; they are
# named here too, as the format's one import.
from tutor.autograd_apis import CALL_APIS  # noqa: F401
from tutor.pack.checks import (  # noqa: F401
    CHECK_BY_KIND, CHECK_KINDS, CHECK_MODELS, CallsCheck, Check, FootprintCheck, GradcheckCheck, GradCheck,
    GradgradcheckCheck, GraphCheck, HooksCheck, LeafCheck, PythonCheck, RaisesCheck, RequiresGradCheck,
    InputsCheck, RetainsGradCheck, ThroughCheck, UnchangedCheck, ValueCheck,
)
from tutor.pack.fields import (  # noqa: F401
    LANGUAGES, Code, DottedName, Identifier, LocalText, Slug, Text, _Strict, _text_from_str,
)

FORMAT_VERSION = 1

_ANCHOR_SCHEMA = {
    "anyOf": [
        {"type": "string", "description": "a piece of the English body"},
        {
            "type": "object",
            "properties": {
                "en": {"type": "string", "description": "a piece of the English body (required)"},
                "zh": {"type": "string", "description": "a piece of the Chinese body (required when it has one)"},
            },
            "required": ["en"],
            "additionalProperties": False,
        },
    ]
}


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
    output: str = Field("", description="what running `code` prints, exactly: `pack check` runs it and compares")
    compare: bool = Field(True, description="false: `pack check` runs the example but does not compare what it "
                                            "prints (timings, addresses)")
    title: Optional[LocalText] = None


class Anchor(_Strict):
    """Where a claim sits in the body: a piece of the body in each language.
    Not text a learner reads, so not a translation (it may repeat English
    where the Chinese body does, such as an error message)."""

    en: str
    zh: Optional[str] = None


AnchorText = Annotated[Anchor, BeforeValidator(_text_from_str), WithJsonSchema(_ANCHOR_SCHEMA)]


class Claim(_Strict):
    """A sentence of the lesson body, and code that proves it (tests run it).

    ``anchor`` is a substring of the body in each language the lesson has
    (``pack validate`` finds it there); ``code`` runs in the grader's sandbox
    as an example does and passes when it raises nothing (state it with asserts)
    and, when ``output`` is given, prints exactly that."""

    anchor: AnchorText = Field(description="a substring of the lesson body in each language: the sentence this "
                                          "claim proves")
    code: Code = Field(description="Python that raises (an assert fails) when the sentence is false; runs with "
                                   "torch, nn, F, device bound, as an example does")
    output: Optional[str] = Field(None, description="what `code` prints, exactly, compared like an example's "
                                                    "output; leave out to check only that it raises nothing")


class Lesson(_Strict):
    id: Slug
    title: LocalText
    body: LocalText = Field(description="Markdown")
    examples: list[Example] = Field(default_factory=list)
    claims: list[Claim] = Field(default_factory=list, description="the body's factual sentences, each with code "
                                                                  "that `pack check` runs to prove it")
    exercises: list[Slug] = Field(default_factory=list, description="ids of this lesson's exercises, in order")


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
    scale_hook_gradients: Optional[float] = Field(
        None, gt=0, description="every gradient the code's (and the reference's) backward hooks are handed is "
                                "this many times the real one, and what they return is scaled back: numbers a "
                                "`from_hooks` value check judges must follow what the hooks were given, not be "
                                "worked out some other way; a hidden trial's only (NOTE "
                                "[gradients handed to hooks, scaled], observe_hooks.py)")

    @model_validator(mode="after")
    def _scaled_is_hidden(self) -> "Trial":
        if self.scale_hook_gradients is not None and not self.hidden:
            raise ValueError("scale_hook_gradients: wants `hidden: true` (the numbers are not what the learner's "
                             "own run shows)")
        if self.scale_hook_gradients == 1:
            raise ValueError("scale_hook_gradients: 1 scales nothing; give another factor (3, say)")
        return self


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
    may_change: Union[Literal["all"], list[DottedName]] = Field(
        default_factory=list,
        description="tensors or modules made by the setup that the code may change in place (an optimizer's "
                    "parameters); every other one must stay as the setup made it (NOTE [inputs unchanged]). "
                    "'all': no such check")

    @model_validator(mode="after")
    def _inputs_check(self):
        # NOTE [inputs unchanged]: one `inputs` check per exercise whose setup
        # binds a name, last (so the other checks keep their ids), unless the
        # exercise lets its code change everything.
        mine = [c for c in self.checks if c.kind == "inputs"]
        if self.may_change == "all":
            if mine:
                raise ValueError("an 'inputs' check cannot pass with may_change: all; remove one of them")
            return self
        if len(mine) > 1:
            raise ValueError("at most one 'inputs' check")
        if not mine:
            if not _binds_names(self.setup):
                return self
            mine = [InputsCheck(kind="inputs")]
            object.__setattr__(self, "checks", [*self.checks, mine[0]])
        watched = [name for c in self.checks if c.kind == "unchanged" for name in c.tensors]
        mine[0]._skip = tuple(sorted({*self.may_change, *watched}))
        mine[0]._may = tuple(sorted(self.may_change))
        return self

    @property
    def max_points(self) -> float:
        return self.points if self.points is not None else sum(c.points for c in self.checks)


def _binds_names(setup: str) -> bool:
    """Does the setup bind a name at its top level (so it can make inputs)?
    Unparsable setup: yes (the loader reports the syntax error)."""
    import ast

    try:
        tree = ast.parse(setup or "")
    except (SyntaxError, ValueError):
        return True
    return any(isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.With, ast.For, ast.If, ast.Try))
               for node in tree.body)


FILE_MODELS = {"pack": PackManifest, "lesson": Lesson, "exercise": Exercise}
