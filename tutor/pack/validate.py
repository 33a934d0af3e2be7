"""Turn one YAML file into a model, or into issues that point at file:line:col."""

from __future__ import annotations

import difflib
from typing import Any

from pydantic import BaseModel, ValidationError

from tutor.pack.issues import PackIssue, format_field
from tutor.pack.yamlsource import SourceMap, load_yaml


def validate_text(
    text: str, model: type[BaseModel], display_path: str
) -> tuple[BaseModel | None, object, SourceMap, list[PackIssue]]:
    """Parse and validate one file's text. Never raises for bad content."""
    data, source, problems = load_yaml(text)
    issues = [PackIssue(display_path, p.line, p.col, format_field(p.path), p.message) for p in problems]
    if problems and data is None:
        return None, None, source, issues
    if data is None:
        issues.append(PackIssue(display_path, 1, 1, "", "file is empty"))
        return None, None, source, issues
    if not isinstance(data, dict):
        pos = source.value(())
        issues.append(
            PackIssue(display_path, pos.line, pos.col, "", f"expected a mapping of keys, got {_kind(data)}")
        )
        return None, data, source, issues
    try:
        instance = model.model_validate(data)
    except ValidationError as exc:
        issues.extend(errors_to_issues(exc, data, source, display_path, model))
        return None, data, source, issues
    except RecursionError:
        issues.append(PackIssue(display_path, 1, 1, "", "document nests too deeply"))
        return None, data, source, issues
    issues.extend(_after(instance, source, display_path))
    return (instance if not issues else None), data, source, issues


def _after(instance: BaseModel, source: SourceMap, display_path: str) -> list[PackIssue]:
    """Checks one valid file needs beyond its model: a lesson's claims."""
    from tutor.pack.models import Lesson

    if isinstance(instance, Lesson):
        return claim_issues(instance, source, display_path)
    return []


def claim_issues(lesson: BaseModel, source: SourceMap, display_path: str) -> list[PackIssue]:
    """Every claim's anchor is found in the body of its language; its code parses."""
    from tutor.pack import codecheck

    issues = []
    body = lesson.body  # type: ignore[attr-defined]
    for i, claim in enumerate(lesson.claims):  # type: ignore[attr-defined]
        plain = source.values.get(("claims", i, "anchor", "en")) is None
        for lang in ("en", "zh"):
            anchor = getattr(claim.anchor, lang)
            text = getattr(body, lang)
            path = ("claims", i, "anchor") if plain else ("claims", i, "anchor", lang)
            if anchor is None:
                if text is None:
                    continue
                path, anchor = ("claims", i, "anchor"), None
            pos = source.value(path)
            if anchor is None:
                message = f"missing '{lang}' anchor: the lesson has a '{lang}' body, so say where the claim is in it"
            elif not anchor.strip():
                message = "an anchor cannot be empty"
            elif text is None:
                message = f"the lesson has no '{lang}' body to find this anchor in"
            elif not anchor_found(anchor, text, lang):
                shown = " ".join(anchor.split())
                shown = shown if len(shown) <= 100 else shown[:97] + "..."
                message = f"anchor '{shown}' is not in the lesson's '{lang}' body"
            else:
                continue
            issues.append(PackIssue(display_path, pos.line, pos.col, format_field(path), message))
        err = codecheck.syntax_error(claim.code)
        if err is not None:
            pos = source.code_position(("claims", i, "code"), err.line, err.col)
            issues.append(PackIssue(display_path, pos.line, pos.col, format_field(("claims", i, "code")),
                                    err.message))
    return issues


def anchor_found(anchor: str, body: str, lang: str) -> bool:
    """``anchor`` occurs in ``body``, line breaks and runs of spaces aside (a
    sentence may wrap); in Chinese, where lines join without a space, spaces
    do not count at all."""
    if lang == "zh":
        return "".join(anchor.split()) in "".join(body.split())
    return " ".join(anchor.split()) in " ".join(body.split())


def errors_to_issues(
    exc: ValidationError, data: Any, source: SourceMap, display_path: str, model: type[BaseModel]
) -> list[PackIssue]:
    issues = []
    errors = [(error, *_resolve(error["loc"], data, model)) for error in exc.errors(include_url=False)]
    deeper = {tuple(path[:n]) for _, path, _, _ in errors for n in range(len(path))}
    for error, path, target, parent_model in errors:
        kind = error["type"]
        if kind == "literal_error" and tuple(path) in deeper:
            continue  # a union's other branch (`may_change: all` or a list) said what is wrong inside the value
        if kind == "missing":
            name = path[-1]
            pos = source.value(path[:-1])
            issues.append(
                PackIssue(display_path, pos.line, pos.col, format_field(path[:-1]), f"missing required key '{name}'")
            )
            continue
        if kind == "extra_forbidden":
            name = path[-1]
            pos = source.key(path)
            message = f"unknown key {_quote(name)}" + _did_you_mean(str(name), _fields(parent_model))
            issues.append(PackIssue(display_path, pos.line, pos.col, format_field(path[:-1]), message))
            continue
        if kind in ("union_tag_invalid", "union_tag_not_found"):
            pos = source.value(path + ("kind",)) if kind == "union_tag_invalid" else source.value(path)
            issues.append(PackIssue(display_path, pos.line, pos.col, format_field(path + ("kind",)), _tag_message(error)))
            continue
        pos = source.value(path)
        issues.append(PackIssue(display_path, pos.line, pos.col, format_field(path), _message(error, target)))
    return issues


def _resolve(loc: tuple, data: Any, model: type[BaseModel] | None) -> tuple[tuple, Any, type[BaseModel] | None]:
    """Map a pydantic error location onto the data's own path.

    Pydantic adds segments that are not keys in the file (a discriminated
    union's tag, validator names); those are dropped. Also returns the value
    found there and the model that owns the last key (for "did you mean").
    """
    path: list = []
    node = data
    current_model = model
    owner = model  # the model whose fields hold the last key
    for part in loc:
        if isinstance(node, list):
            if isinstance(part, int) and 0 <= part < len(node):
                path.append(part)
                node = node[part]
        elif isinstance(node, dict):
            if part in node:
                path.append(part)
                node = node[part]
                owner = current_model
                current_model = _field_model(current_model, part)
            elif isinstance(part, str) and node.get("kind") == part:
                current_model = _tagged_model(part) or current_model
            elif isinstance(part, str) and not _internal(part):
                path.append(part)  # a missing or unknown key
                node = None
                owner = current_model
    return tuple(path), node, owner


def _internal(segment: str) -> bool:
    """Pydantic's own location segments, e.g. ``function-after[...]``."""
    return "[" in segment or segment.startswith(("function-", "json-or-python", "lax-or-strict"))


def _field_model(model: type[BaseModel] | None, name: str) -> type[BaseModel] | None:
    """The model that validates field ``name`` of ``model`` (or its list items)."""
    if model is None:
        return None
    field = model.model_fields.get(name) or next(
        (f for f in model.model_fields.values() if f.alias == name), None
    )
    if field is None:
        return None
    return _model_in(field.annotation)


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """Find a BaseModel class inside an annotation such as Optional[list[X]]."""
    import typing

    stack = [annotation]
    while stack:
        item = stack.pop()
        if isinstance(item, type) and issubclass(item, BaseModel):
            return item
        stack.extend(typing.get_args(item))
    return None


def _tagged_model(kind: str) -> type[BaseModel] | None:
    from tutor.pack.models import CHECK_BY_KIND

    return CHECK_BY_KIND.get(kind)


def _fields(model: type[BaseModel] | None) -> list[str]:
    if model is None:
        return []
    return [f.alias or name for name, f in model.model_fields.items()]


def _did_you_mean(name: str, options: list[str]) -> str:
    close = difflib.get_close_matches(name, options, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _tag_message(error: dict) -> str:
    from tutor.pack.models import CHECK_KINDS

    if error["type"] == "union_tag_not_found":
        return "missing key 'kind' (one of: " + ", ".join(CHECK_KINDS) + ")"
    tag = str(error.get("ctx", {}).get("tag", ""))
    hint = _did_you_mean(tag, list(CHECK_KINDS))
    return f"unknown check kind '{tag}'{hint}; expected one of: " + ", ".join(CHECK_KINDS)


_EXPECTED = {
    "float_type": "a number",
    "float_parsing": "a number",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "string_type": "a string",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "finite_number": "a finite number",
}


def _message(error: dict, value: Any) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    got = _got(value)
    if kind in _EXPECTED:
        expected = _EXPECTED[kind]
        if kind in ("model_type", "dict_type") and _looks_like_text(error):
            expected = "text: a string or {en: ..., zh: ...}"
        return f"expected {expected}, got {got}"
    if kind == "literal_error":
        return f"expected one of {ctx.get('expected', '')}, got {got}"
    if kind == "string_pattern_mismatch":
        field = next((part for part in reversed(error.get("loc", ())) if isinstance(part, str)), "")
        return f"{got} is not allowed here: {_pattern_words(str(ctx.get('pattern', '')), field)}"
    if kind == "string_too_long":
        return f"too long (at most {ctx.get('max_length')} characters)"
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        words = {"greater_than": "greater than", "greater_than_equal": "at least",
                 "less_than": "less than", "less_than_equal": "at most"}[kind]
        bound = next(iter(ctx.values()), "")
        bound = f"{bound:g}" if isinstance(bound, float) else bound
        return f"must be {words} {bound}, got {got}"
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} item(s)"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    return f"{error['msg']}, got {got}"


def _looks_like_text(error: dict) -> bool:
    return "Text" in str(error.get("ctx", {}).get("class_name", "")) or "Text" in error.get("msg", "")


def _pattern_words(pattern: str, field: str = "") -> str:
    """What a pattern asks for, in words; ``field``: the name of the field that has it."""
    if "a-z0-9-" in pattern:
        return "use lower-case letters, digits and dashes (like 'chain-rule-1')"
    if pattern.startswith("^\\d"):
        return "expected a version such as 1.0"
    if "\\[" in pattern:
        return "expected a variable name, then attributes and indexes, such as model[0] or net.encoder"
    if "\\." in pattern and "A-Za-z" in pattern and field == "exception":
        return "expected an exception class name such as RuntimeError"
    if "\\." in pattern and "A-Za-z" in pattern:
        return "expected a variable name or an attribute path such as model.weight"
    if "A-Za-z0-9_]*$" in pattern:
        return "expected a Python variable name"
    return f"must match {pattern}"


def _got(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, str):
        short = value if len(value) <= 40 else value[:37] + "..."
        return repr(short)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return repr(value)
    return _kind(value)


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return type(value).__name__


def _quote(name: object) -> str:
    """'name', or its repr when it holds characters that would break the line."""
    text = str(name)
    return f"'{text}'" if text.isprintable() else repr(text)
