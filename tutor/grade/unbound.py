"""Names the code reads that nothing binds: a fact of the text, said on hidden trials too.

NOTE [a name bound nowhere]: on an exercise whose every trial is hidden (the
prediction exercises), a typo (`grad_a * tree`) read only "on a hidden
trial, your code raised an exception": nothing of a hidden trial's run is
shown, since the code may put a hidden input into its error (`raise
NameError(str(x))`). Whether a name the code reads is bound anywhere (by the
code, by the setup, by the names every run gets, or by Python's builtins)
is a fact of the two texts alone, as a compile error is (NOTE [code that
does not compile], feedback.py): the same on every trial, so it may be said
on hidden ones. The reading is flat and errs towards silence: a name bound
anywhere, in any scope, counts as bound, and code that can bind names
unseen (`import *`, `exec`, `globals()`, `__builtins__` ...) says nothing.
"""

from __future__ import annotations

import ast
import builtins

# What every run's namespace holds before the setup (child.py), and what a module has.
_GIVEN = frozenset({"torch", "nn", "F", "device", "seed", "__name__", "__builtins__", "__doc__", "__file__"})
_UNSEEN = frozenset({"exec", "eval", "globals", "locals", "vars", "__builtins__", "__import__", "setattr",
                     "__dict__", "builtins"})
MOST = 3  # names said at most


def unbound_names(code: str | None, setup: str | None) -> list[tuple[str, int]]:
    """(name, first line read) for each name the code reads and nothing binds, in the code's order."""
    if not code:
        return []
    try:
        tree, setup_tree = ast.parse(code), ast.parse(setup or "")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    bound = set(_GIVEN) | set(dir(builtins))
    for t in (tree, setup_tree):
        names = _bound_in(t)
        if names is None:
            return []
        bound |= names
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in bound:
            line = getattr(node, "lineno", 0)
            if node.id not in found or line < found[node.id]:
                found[node.id] = line
    return sorted(found.items(), key=lambda item: item[1])[:MOST]


def _bound_in(tree: ast.AST) -> set[str] | None:
    """Every name bound anywhere in ``tree``, or None where it may bind names unseen."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, (ast.Store, ast.Del)):
                bound.add(node.id)
            elif node.id in _UNSEEN:
                return None
        elif isinstance(node, ast.Attribute) and node.attr in _UNSEEN:
            return None
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return None
                bound.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
    return bound
