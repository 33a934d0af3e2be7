"""The published JSON Schema agrees with the loader: it accepts real packs,
rejects unknown keys, and the copies in docs/schema are current."""

from pathlib import Path

import jsonschema
import pytest
import yaml

from support import REPO, run_cli
from tutor.pack.builtin import pack_dir
from tutor.pack.scaffold import scaffold
from tutor.pack.schema import KINDS, combined_schema, file_schema, schema_text


def _files(root: Path):
    yield "pack", root / "pack.yaml"
    for path in sorted((root / "lessons").glob("*.yaml")):
        yield "lesson", path
    for path in sorted((root / "exercises").glob("*.yaml")):
        yield "exercise", path


def _validators():
    return {kind: jsonschema.Draft202012Validator(file_schema(kind)) for kind in KINDS}


@pytest.mark.parametrize("source", ["builtin", "scaffold"])
def test_schema_accepts_real_packs(source, tmp_path):
    root = pack_dir() if source == "builtin" else scaffold(str(tmp_path / "p"))
    validators = _validators()
    combined = jsonschema.Draft202012Validator(combined_schema())
    checked = 0
    for kind, path in _files(root):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        errors = [e.message for e in validators[kind].iter_errors(data)]
        assert not errors, f"{path}: {errors}"
        assert combined.is_valid(data), path
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(
    "kind, mutate",
    [
        ("pack", lambda d: d.update(titel="typo")),
        ("exercise", lambda d: d.update(hint=["typo"])),
        ("exercise", lambda d: d["checks"][0].update(tensr="x")),
        ("lesson", lambda d: d["examples"][0].update(outptu="")),
    ],
)
def test_schema_rejects_unknown_keys(kind, mutate, tmp_path):
    root = scaffold(str(tmp_path / "p"))
    path = dict((k, p) for k, p in _files(root) if k == kind)[kind]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert _validators()[kind].is_valid(data)
    mutate(data)
    errors = list(_validators()[kind].iter_errors(data))
    assert errors and any("Additional properties" in m and "are not permitted" not in m for m in _messages(errors))


def _messages(errors):
    """Messages of errors and, for oneOf/anyOf branches, of their causes."""
    stack = list(errors)
    while stack:
        error = stack.pop()
        yield error.message
        stack.extend(error.context or [])


def test_text_may_be_a_string_or_localized():
    validator = _validators()["lesson"]
    base = {"id": "l", "title": "plain", "body": {"en": "hi", "zh": "你好"}}
    assert validator.is_valid(base)
    assert not validator.is_valid({**base, "title": {"zh": "only chinese"}})  # en is required


def test_published_schema_files_are_current():
    for kind in KINDS:
        published = (REPO / "docs" / "schema" / f"{kind}.schema.json").read_text(encoding="utf-8")
        assert published == schema_text(kind), (
            f"docs/schema/{kind}.schema.json is stale: "
            f"autograd-tutor pack schema --kind {kind} > docs/schema/{kind}.schema.json"
        )


def test_pack_schema_command_prints_the_combined_schema():
    result = run_cli("pack", "schema")
    assert result.returncode == 0
    assert result.stdout == schema_text(None)
