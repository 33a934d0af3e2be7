"""Building blocks of the pack format's models: names, code, bilingual text."""

from __future__ import annotations

from typing import Annotated, Any, Optional

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

LANGUAGES = ("en", "zh")

Slug = Annotated[
    str,
    Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=64, description="lower-case letters, digits and dashes"),
]
Identifier = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", description="a Python variable name")]
DottedName = Annotated[
    str,
    Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$",
          description="a variable name, or an attribute path such as model.weight"),
]
ModulePath = Annotated[
    str,
    Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*|\[-?[0-9]+\])*$",
          description="a variable name, then attributes and indexes: model[0], net.encoder.layers[-1]"),
]
Code = Annotated[str, Field(description="Python source")]


class _Strict(BaseModel):
    # defer_build: a model's validator is built when it first validates, not
    # on import, so a pack unpickled from the cache (tutor.pack.cache) never
    # pays for the ~30 schemas (half the import of tutor.pack.models).
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


class Text(_Strict):
    """Learner-facing text: English required, Simplified Chinese optional."""

    en: str
    zh: Optional[str] = None

    def get(self, lang: str = "en") -> str:
        if lang == "zh" and self.zh:
            from tutor.i18n import fold_cjk  # YAML's folded text puts spaces between Chinese lines

            return fold_cjk(self.zh)
        return self.en

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
