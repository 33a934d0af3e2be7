"""The names an exercise uses, best first: what a graph calls a tensor that
the learner bound to several names. Torch-free."""

from __future__ import annotations

import re
from typing import Any, Iterable

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MAX_NAMES = 2000


def exercise_names(exercise: Any) -> list[str]:
    """Names from the exercise's checks (roots and tensors first), then its
    setup, then its reference solution, each once, in order of appearance."""
    out: dict[str, None] = {}

    def add(text: Any) -> None:
        if isinstance(text, str) and len(out) < _MAX_NAMES:
            for name in _IDENT.findall(text):
                if not name.startswith("_"):
                    out.setdefault(name, None)

    for check in getattr(exercise, "checks", None) or ():
        for field in ("root", "tensor", "function"):
            add(getattr(check, field, None))
    for check in getattr(exercise, "checks", None) or ():
        for field in ("expr", "inputs"):
            value = getattr(check, field, None)
            for text in value if isinstance(value, (list, tuple)) else [value]:
                add(text)
    add(getattr(exercise, "setup", None))
    add(getattr(exercise, "solution", None))
    return list(out)[:_MAX_NAMES]


def name_rank(prefer: Iterable[Any]) -> dict[str, int]:
    """Each string in ``prefer`` -> its place (first time seen): the sort key
    that puts the best of a tensor's names first."""
    rank: dict[str, int] = {}
    for name in prefer:
        if isinstance(name, str):
            rank.setdefault(name, len(rank))
    return rank
