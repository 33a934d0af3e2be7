"""What ``check``, ``watch`` and the line REPL's ``%check`` share: reading the
learner's file and drawing a result for a terminal. Torch-free. (Their grader
and progress are the learner's session: tutor.session.)

Everything in a result that came from the learner's code (messages quoting
values, tracebacks, printed output, tensor and Function names in graphs) is
data: :func:`clean` strips terminal escape sequences and control characters
before any of it is printed.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from tutor import sourcefile
from tutor.errors import UserError
from tutor.i18n import _

OUTPUT_LINES = 30  # of the learner's printed output shown under a failed check


def clean(text: str) -> str:
    """``text`` safe to print on a terminal: escape sequences removed, carriage
    returns as new lines, other control characters shown as U+FFFD."""
    from tutor.grade import sanitize

    return sanitize.text(text, limit=None, control="\ufffd")


def read_code(path: Path, *, hint: str = "") -> str:
    try:
        return sourcefile.read(path)  # NOTE [source as Python reads it]
    except FileNotFoundError:
        raise UserError(_("{path}: no such file").format(path=path) + hint) from None
    except IsADirectoryError:
        raise UserError(_("{path}: is a folder, not a file").format(path=path)) from None
    except OSError as exc:
        raise UserError(_("{path}: cannot read: {error}").format(path=path, error=exc)) from None


# ---------------------------------------------------------------- rendering


def cleaned(result: Any) -> Any:
    """A copy of an ExerciseResult with every learner-derived text cleaned."""
    checks = [replace(c, name=clean(c.name), message=clean(c.message)) for c in result.checks]
    return replace(result, checks=checks, error=clean(result.error), output=clean(result.output))


def render(result: Any, exercise: Any, lang: str = "en", *, color: bool = False, width: int | None = None,
           show_output: bool = True) -> str:
    """The verdict as ``check`` prints it, then (for a failed check) the graph
    diff of each failed graph check and the tail of what the code printed."""
    from tutor.grade.report import render_exercise

    safe = cleaned(result)
    parts = [render_exercise(safe, clean(exercise.title.get(lang)), color=color)]
    if not result.passed:
        from tutor.graphdiff import failed_graph_figures

        for figure in failed_graph_figures(exercise, result):
            text = graph_diff_text(figure, color=color, width=width)
            if text:
                parts.append(text)
        if show_output and safe.output.strip():
            lines = safe.output.rstrip("\n").splitlines()
            cut = len(lines) > OUTPUT_LINES
            lines = lines[-OUTPUT_LINES:]
            head = "  " + (_("your code printed (last {n} lines):").format(n=OUTPUT_LINES) if cut
                           else _("your code printed:"))
            parts.append("\n".join([head, *("    " + line for line in lines)]))
    return "\n\n".join(parts)


def graph_diff_text(figure: Any, *, color: bool = False, width: int | None = None) -> str:
    """A failed graph check's expected graph and the learner's
    (tutor.graphdiff.GraphFigure) as text trees; lines with no match on the
    other side are marked. Side by side when ``width`` allows."""
    root = figure.root
    try:
        expected, yours = figure.diff()
    except Exception:  # noqa: BLE001  (a diff that cannot be drawn must not cost the verdict)
        return ""
    mark = "\u2717" if _can_encode("\u2717") else "x"

    def lines(diff: list) -> list[str]:
        return [f"{mark if line.marked else ' '} {clean(line.text)}" for line in diff]

    def paint(text: str, marked: bool) -> str:
        return f"\x1b[31m{text}\x1b[0m" if color and marked else text

    left, right = lines(expected), lines(yours)
    left_head = _("expected graph of {name}").format(name=clean(root))
    right_head = _("your graph of {name}").format(name=clean(root))
    column = max(len(left_head), *(len(line) for line in left)) + 3
    right_width = max(len(right_head), *(len(line) for line in right))
    out = ["  " + _("graph of {name} ({mark} marks where the two graphs differ):").format(name=clean(root), mark=mark)]
    if width and 2 + column + right_width <= width:
        out.append("  " + left_head.ljust(column) + right_head)
        for i in range(max(len(left), len(right))):
            a = left[i] if i < len(left) else ""
            b = right[i] if i < len(right) else ""
            a_marked = i < len(expected) and expected[i].marked
            b_marked = i < len(yours) and yours[i].marked
            out.append("  " + paint(a.ljust(column), a_marked) + paint(b, b_marked))
    else:
        out.append("  " + left_head + ":")
        out.extend("    " + paint(text, line.marked) for text, line in zip(left, expected))
        out.append("  " + right_head + ":")
        out.extend("    " + paint(text, line.marked) for text, line in zip(right, yours))
    return "\n".join(line.rstrip() for line in out)


def _can_encode(char: str) -> bool:
    try:
        char.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
