"""Static checks of the Python code inside a pack: it parses, and the names
that checks refer to are ones the reference actually defines."""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass

# Names every run's namespace starts with (the kernel and the grader bind them).
PRELOADED_NAMES = frozenset({"torch", "nn", "F", "device", "seed"})
_BUILTINS = frozenset(dir(builtins))


@dataclass
class CodeSyntaxError:
    line: int  # 1-based, inside the code
    col: int  # 1-based
    message: str


def syntax_error(code: str, mode: str = "exec") -> CodeSyntaxError | None:
    try:
        ast.parse(code, mode=mode)
    except SyntaxError as exc:
        return CodeSyntaxError(exc.lineno or 1, exc.offset or 1, f"Python syntax error: {exc.msg}")
    except (ValueError, MemoryError, RecursionError) as exc:  # null bytes, absurd nesting
        return CodeSyntaxError(1, 1, f"cannot parse Python: {exc}")
    return None


def defined_names(*sources: str) -> frozenset[str] | None:
    """Every name the code could bind at top level, or None when that cannot
    be known statically (``import *``, ``exec``, ``globals()``)."""
    names: set[str] = set(PRELOADED_NAMES)
    for source in sources:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                if isinstance(node.ctx, (ast.Store, ast.Del)):
                    names.add(node.id)
                elif node.id in ("exec", "globals", "vars", "locals"):
                    return None
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    if alias.name == "*":
                        return None
                    names.add(alias.asname or alias.name.split(".")[0])
            elif isinstance(node, ast.NamedExpr):
                names.add(node.target.id)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                names.update(node.names)
    return frozenset(names)


def free_names(expression: str) -> set[str]:
    """Names an expression reads that it does not bind itself (lambda args,
    comprehension variables) and that are not builtins."""
    tree = ast.parse(expression, mode="eval")
    bound: set[str] = set()
    loaded: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return loaded - bound - _BUILTINS
