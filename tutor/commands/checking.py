"""What ``check``, ``watch`` and the line REPL's ``%check`` share: one grader
started early and kept for the session, the verdict recorded in the progress
store, and the result drawn for a terminal. Torch-free.

Everything in a result that came from the learner's code (messages quoting
values, tracebacks, printed output, tensor and Function names in graphs) is
data: :func:`clean` strips terminal escape sequences and control characters
before any of it is printed.
"""

from __future__ import annotations

import os
import sys
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from tutor.errors import UserError
from tutor.i18n import _

OUTPUT_LINES = 30  # of the learner's printed output shown under a failed check


def clean(text: str) -> str:
    """``text`` safe to print on a terminal: escape sequences removed, carriage
    returns as new lines, other control characters shown as U+FFFD."""
    from tutor.grade import sanitize

    return sanitize.text(text, limit=None, control="\ufffd")


def color_enabled(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (no-color.org)."""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        return False
    return tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


# ------------------------------------------------------------------ grading


def _new_grader(timeout: float | None) -> Any:
    from tutor.grade.grader import Grader

    # One worker: for a single exercise the runs take tens of milliseconds
    # each, while a second worker costs a second torch import. warm=False:
    # the worker answers first and warms torch.func & co. up while it waits.
    return Grader(jobs=1, timeout=timeout, warm=False)


class GraderSession:
    """One warm grader for a command's whole life.

    The worker starts (importing torch) at construction, in the background,
    so it overlaps loading the pack; ``grade`` waits for it. ``close`` stops
    it; closing twice is harmless."""

    def __init__(self, timeout: float | None = None) -> None:
        self.grader = _new_grader(timeout)
        self._closed = False
        self._starting = threading.Thread(target=self._start, name="grader-start", daemon=True)
        self._starting.start()

    def _start(self) -> None:
        try:
            self.grader.pool.start()
        except Exception:  # noqa: BLE001  (the first run starts it again and reports why)
            pass

    def grade(self, exercise: Any, code: str | None) -> Any:
        """Grade ``code`` (blocking); returns the ExerciseResult."""
        from tutor.grade.grader import Submission

        self._starting.join()
        if self._closed:
            raise UserError(_("the grader was stopped"))
        (result,) = self.grader.grade([Submission(exercise, code)])
        return result

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        # The pool's close ends every run too: a run dies with its monitor
        # (its namespace, or a parent-death signal without one).
        self.grader.close()

    def __enter__(self) -> GraderSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def record(pack_id: str, exercise_id: str, result: Any) -> None:
    """Store the attempt and make the exercise the learner's current one."""
    from tutor.progress import open_store

    with open_store() as store:
        store.record_attempt(pack_id, exercise_id, score=result.score, max_score=result.max_score)
        store.set_current(pack_id, exercise_id)


def read_code(path: Path, *, hint: str = "") -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(_("{path}: no such file").format(path=path) + hint) from None
    except IsADirectoryError:
        raise UserError(_("{path}: is a folder, not a file").format(path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
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
        failed_roots = {
            check.root for check, outcome in zip(exercise.checks, result.checks)
            if check.kind == "graph" and not outcome.passed
        }
        for root, pair in (result.graphs or {}).items():
            if root in failed_roots:
                text = graph_diff_text(root, pair, color=color, width=width)
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


def graph_diff_text(root: str, pair: dict, *, color: bool = False, width: int | None = None) -> str:
    """The expected graph and the learner's as text trees; lines with no match
    on the other side are marked. Side by side when ``width`` allows."""
    try:
        from tutor.app.graphdiff import diff_graphs
        from tutor.graph.model import GraphSnapshot

        expected, yours = diff_graphs(GraphSnapshot.from_dict(pair["expected"]),
                                      GraphSnapshot.from_dict(pair["yours"]), root)
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
