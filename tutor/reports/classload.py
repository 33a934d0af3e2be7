"""The class report's input: ``grade --json`` reports, read, checked and merged.

One file or several: a single submission's object, or a class's ``{"pack",
"submissions"}`` (a whole class, or one shard of it). They are merged as
``grade merge`` merges them. What is not a grade report is one line,
``path: what is wrong`` (a ``UserError``), never a traceback: the checks
below look at every field the class report reads, so nothing later meets a
value of the wrong type.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from tutor.errors import UserError
from tutor.grade import sanitize


def load(paths: list[str]) -> dict:
    """The class report that ``paths`` make together, merged like ``grade
    merge`` (submissions sorted by name; the isolation mode kept when all
    agree, else "mixed"; partial when any is). A file that cannot be read or
    is no report raises ``UserError("path: what is wrong")``."""
    if not paths:
        raise UserError("report: give the JSON report(s) of a grade")
    pack, submissions, modes, partial = None, [], [], False
    for path in paths:
        data = _read(path)
        if pack is not None and data["pack"] != pack:
            raise UserError(f"{path}: graded with pack '{sanitize.name(data['pack'])}', the others with "
                            f"'{sanitize.name(pack)}'")
        pack = data["pack"]
        if "submissions" in data:
            subs = data["submissions"]
        else:
            subs = [dict(data, submission=data.get("submission") or Path(path).stem)]
        submissions.extend(subs)
        modes.append(data.get("isolation") or "")
        modes.extend(s.get("isolation") or "" for s in subs)
        partial = partial or data.get("partial") is True
    submissions.sort(key=lambda s: s.get("submission") or "")
    merged = {"pack": pack, "submissions": submissions}
    known = {m for m in modes if m}
    if known:
        merged["isolation"] = known.pop() if len(known) == 1 else "mixed"
    if partial:
        merged["partial"] = True
    return merged


def _read(path: str) -> dict:
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a folder, not a JSON report") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise UserError(f"{path}: not JSON ({exc})") from None
    except RecursionError:
        raise UserError(f"{path}: not an autograd-tutor grade report: nested too deep") from None
    problem = _problem(data)
    if problem:
        raise UserError(f"{path}: not an autograd-tutor grade report: {problem}")
    return data


def _problem(data) -> str:
    """What makes ``data`` no grade report ("" when it is one)."""
    if not isinstance(data, dict):
        return f"a JSON {type(data).__name__}, not an object"
    if not isinstance(data.get("pack"), str):
        return 'no "pack"'
    for key in ("isolation",):
        if key in data and not isinstance(data[key], str):
            return f'"{key}" is not a string'
    if "submissions" in data:
        subs = data["submissions"]
        if not isinstance(subs, list):
            return '"submissions" is not a list'
        for i, sub in enumerate(subs):
            problem = _submission_problem(sub)
            if problem:
                return f"submissions[{i}]: {problem}"
        return ""
    if "exercises" not in data:
        return 'neither "submissions" nor "exercises"'
    return _submission_problem(data)


def _submission_problem(sub) -> str:
    if not isinstance(sub, dict):
        return "not an object"
    for key in ("submission", "isolation"):
        if key in sub and not isinstance(sub[key], str):
            return f'"{key}" is not a string'
    for key in ("score", "max_score"):
        if not _is_number(sub.get(key)):
            return f'"{key}" is not a number'
    exercises = sub.get("exercises")
    if not isinstance(exercises, list):
        return '"exercises" is not a list'
    for j, ex in enumerate(exercises):
        where = f"exercises[{j}]"
        if not isinstance(ex, dict):
            return f"{where}: not an object"
        if not isinstance(ex.get("id"), str) or not ex["id"]:
            return f'{where}: no "id"'
        if not isinstance(ex.get("status"), str) or not ex["status"]:
            return f'{where}: no "status"'
        for key in ("score", "max_score"):
            if not _is_number(ex.get(key)):
                return f'{where}: "{key}" is not a number'
        for key in ("error", "misconception", "fault"):
            if key in ex and not isinstance(ex[key], str):
                return f'{where}: "{key}" is not a string'
        checks = ex.get("checks", [])
        if not isinstance(checks, list):
            return f'{where}: "checks" is not a list'
        for k, check in enumerate(checks):
            if not isinstance(check, dict) or not isinstance(check.get("passed"), bool):
                return f'{where}.checks[{k}]: no "passed"'
            for key in ("name", "kind", "message"):
                if key in check and not isinstance(check[key], str):
                    return f'{where}.checks[{k}]: "{key}" is not a string'
    return ""


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
