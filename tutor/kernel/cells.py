"""Running one cell the way Python's interactive mode does.

The code is registered in ``linecache`` as ``<cell N>`` so tracebacks quote
the learner's lines; a final expression is evaluated separately and its
value echoed (and bound to ``_``); frames of the kernel itself are cut from
the top of tracebacks so the learner sees only their own code and the
libraries it called. Torch-free.
"""

from __future__ import annotations

import ast
import linecache
import os
import traceback
from typing import Any

KERNEL_DIR = os.path.dirname(os.path.abspath(__file__))
MAX_REPR = 100_000


class _NoValue:
    def __repr__(self) -> str:
        return "NO_VALUE"


NO_VALUE: Any = _NoValue()


def cell_filename(number: int) -> str:
    return f"<cell {number}>"


def run_cell(code: str, namespace: dict[str, Any], filename: str) -> Any:
    """Execute ``code``; return the value of a final expression or NO_VALUE.

    Exceptions from the code propagate; ``format_exception`` renders them."""
    linecache.cache[filename] = (len(code), None, code.splitlines(keepends=True), filename)
    try:
        tree = ast.parse(code, filename, "exec")
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        body = compile(tree, filename, "exec") if tree.body else None
        tail = compile(last, filename, "eval") if last is not None else None
    except SyntaxError as exc:
        # The learner's code did not compile: the error is about their text,
        # not about the parser's frames (ast.py), so it carries no stack; it
        # reads as Python's own REPL shows it.
        raise exc.with_traceback(None) from None
    if body is not None:
        exec(body, namespace)
    if tail is None:
        return NO_VALUE
    return eval(tail, namespace)


def echo(value: Any, namespace: dict[str, Any]) -> str | None:
    """What the interactive interpreter prints for a value, or None."""
    if value is NO_VALUE or value is None:
        return None
    namespace["_"] = value
    text = repr(value)
    if len(text) > MAX_REPR:
        text = text[:MAX_REPR] + f"... [{len(text) - MAX_REPR} more characters]"
    return text


def format_exception(exc: BaseException) -> str:
    """The traceback as the learner should see it: no kernel frames (the
    cell runner above the learner's code, the interrupt handler below it)."""
    report = traceback.TracebackException(type(exc), exc, exc.__traceback__)
    seen: set[int] = set()
    pending = [report]
    while pending:  # chained exceptions carry their own stacks
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        current.stack = traceback.StackSummary.from_list(
            [frame for frame in current.stack if not frame.filename.startswith(KERNEL_DIR)]
        )
        pending.extend(e for e in (current.__cause__, current.__context__) if e is not None)
    return "".join(report.format())
