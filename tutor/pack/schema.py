"""JSON Schemas of the pack format, generated from the models.

``docs/schema/*.schema.json`` are these, written out; a test keeps them in
step with the models.
"""

from __future__ import annotations

import json
from typing import Any

from tutor.pack.models import FILE_MODELS

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
KINDS = tuple(FILE_MODELS)


def file_schema(kind: str) -> dict[str, Any]:
    """Schema of one kind of file: ``pack`` (pack.yaml), ``lesson`` or ``exercise``."""
    schema = FILE_MODELS[kind].model_json_schema(mode="validation")
    return {"$schema": SCHEMA_DIALECT, **schema}


def combined_schema() -> dict[str, Any]:
    """One schema accepting any file of a pack (any of the three kinds)."""
    from pydantic.json_schema import models_json_schema

    _, top = models_json_schema([(model, "validation") for model in FILE_MODELS.values()])
    defs = top["$defs"]
    return {
        "$schema": SCHEMA_DIALECT,
        "title": "autograd-tutor lesson pack file (format 1)",
        "description": "pack.yaml, lessons/*.yaml or exercises/*.yaml",
        "anyOf": [{"$ref": f"#/$defs/{model.__name__}"} for model in FILE_MODELS.values()],
        "$defs": defs,
    }


def schema_text(kind: str | None = None) -> str:
    """The schema as written to files and printed by ``pack schema``."""
    schema = file_schema(kind) if kind else combined_schema()
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
