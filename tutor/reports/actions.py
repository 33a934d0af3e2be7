"""GitHub Actions, in any workflow: the job summary and annotations.

- Annotations are workflow commands, ``::error file=F,line=L,title=T::M``,
  printed to the job log: at most ``MAX_ANNOTATIONS`` (GitHub shows 10
  errors per step), one per exercise not passed, on the submission's
  ``<exercise-id>.py`` (relative to the workspace) and the line that raised,
  where there is one. Escaped as actions/toolkit does
  (packages/core/src/command.ts, ``escapeData`` / ``escapeProperty``): ``%``
  first, then CR and LF; in properties also ``:`` and ``,``.
- The summary is Markdown appended to ``$GITHUB_STEP_SUMMARY`` (1 MiB at
  most per step): a table of exercises with status and points for one
  submission; class totals and a line per student for a class. Text a
  submission controls is escaped (``common.md_inline``) so it cannot add a
  cell, a row, HTML, a link or any markup.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from tutor.grade import sanitize
from tutor.grade.report import GradeReport, _num
from tutor.reports.common import cut, md_inline, repo_path

MAX_ANNOTATIONS = 10
MESSAGE_CAP = 1000  # characters of an annotation's message
STEP_SUMMARY_LIMIT = 1024 * 1024  # GitHub's limit for one step's summary
SUMMARY_BUDGET = 512 * 1024  # what this writer allows itself of it
_MARK = {"passed": "\u2705 passed", "failed": "\u274c failed", "error": "\U0001f4a5 error",
         "timeout": "\u23f1\ufe0f timeout", "missing": "\u2754 missing"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotations(reports: list[GradeReport], folders: Mapping[str, Path], workspace: str | None = None) -> list[str]:
    """The workflow command lines (each ends without a newline)."""
    failing = [(r, e) for r in reports for e in r.exercises if e.status != "passed"]
    lines = []
    for report, exercise in failing[:MAX_ANNOTATIONS]:
        who = f"{report.submission}/" if report.submission else ""
        props = {"file": repo_path(folders.get(report.submission), exercise.id, workspace)}
        if isinstance(exercise.line, int) and not isinstance(exercise.line, bool) and exercise.line > 0:
            props["line"] = str(exercise.line)
        props["title"] = sanitize.name(f"{who}{exercise.id}: {exercise.status} "
                                       f"({_num(exercise.score):g}/{_num(exercise.max_score):g})")
        # The line starts with our command, so the runner reads it whole as that one command
        # (ActionCommand.TryParseV2): inside it, escaping is all the text needs, and a first
        # character that starts a grapheme (NOTE [the separator the runner finds]).
        lines.append("::error " + ",".join(f"{k}={escape_property(v)}" for k, v in props.items())
                     + "::" + escape_data(_leads(cut(_feedback(exercise), MESSAGE_CAP))))
    if len(failing) > MAX_ANNOTATIONS:
        lines.append("::notice title=autograd-tutor::" + escape_data(
            f"{len(failing) - MAX_ANNOTATIONS} more exercises not passed: see the job summary"))
    return lines


# NOTE [the separator the runner finds]
# TryParseV2 finds the "::" that ends a command's properties with .NET's
# culture-sensitive ``message.IndexOf("::", 2)``. On Linux that is ICU's string
# search (dotnet/runtime System.Globalization.Native/pal_collation.c,
# GlobalizationNative_IndexOf), which refuses a match that would split a
# grapheme cluster: when the message begins with a combining mark (U+0301 after
# the "::"), the real separator is skipped and the next "::" inside the message
# ends the properties, so the message's own text became ``file=``, ``line=`` and
# ``title=`` (a student could put an annotation on another's file). A message
# that does not begin with a printable ASCII character gets "> " in front, so
# the ordinal and the culture-sensitive readings find the same separator
# (tests/reports/icu_search.py reads it as the runner does).
def _leads(message: str) -> str:
    first = message[:1]
    return message if first.isascii() and first.isprintable() and not first.isspace() else "> " + message


def _feedback(exercise) -> str:
    """What went wrong, for an annotation: the code's error, else the first failed check's message."""
    if exercise.error:
        return sanitize.text(exercise.error).strip()
    check = next((c for c in exercise.checks if not c.passed), None)
    if check is None:
        return exercise.status
    return sanitize.text(f"{check.name}: {check.message}" if check.message else check.name).strip()


def summary(reports: list[GradeReport], room: int = SUMMARY_BUDGET) -> str:
    """The Markdown to append, at most ``room`` bytes."""
    if len(reports) == 1 and not reports[0].submission:
        return _one(reports[0], room)
    return _class(reports, room)


def room_left(path: str) -> int:
    """What this grade may append to the summary file at ``path``."""
    try:
        used = os.path.getsize(path)
    except OSError:
        used = 0
    return max(0, min(SUMMARY_BUDGET, STEP_SUMMARY_LIMIT - used - 4096))


def _isolation(report: GradeReport) -> str:
    return f"Isolation: {md_inline(report.isolation, 40)}. " if report.isolation else ""


def _one(report: GradeReport, room: int) -> str:
    head = [f"### autograd-tutor: {_num(report.score):g} / {_num(report.max_score):g} points", "",
            f"{_isolation(report)}Pack {md_inline(report.pack, 80)}.", "",
            "| Exercise | Status | Points | Line | What to fix |", "| --- | --- | ---: | ---: | --- |"]
    rows = []
    for exercise in report.exercises:
        fix = "" if exercise.status == "passed" else md_inline(_feedback(exercise), 200)
        line = str(exercise.line) if isinstance(exercise.line, int) and exercise.status != "passed" else ""
        rows.append(f"| {md_inline(exercise.id, 100)} | {_MARK.get(exercise.status, md_inline(exercise.status, 20))} "
                    f"| {_num(exercise.score):g} / {_num(exercise.max_score):g} | {line} | {fix} |")
    return _fit(head, rows, room, "exercises")


def _class(reports: list[GradeReport], room: int) -> str:
    count = len(reports)
    scores = sorted(r.score for r in reports)
    best = max((r.max_score for r in reports), default=0.0)
    everything = sum(all(e.passed for e in r.exercises) for r in reports)
    mean = sum(scores) / count if count else 0.0
    median = (scores[(count - 1) // 2] + scores[count // 2]) / 2 if count else 0.0
    isolation = _isolation(reports[0]) if reports else ""
    head = [f"### autograd-tutor: a class of {count}", "",
            f"Mean {_num(mean):g} / {_num(best):g} points, median {_num(median):g}; {everything} of {count} "
            f"students passed every exercise. {isolation}", "",
            "| Student | Points | Exercises passed | Not yet |", "| --- | ---: | ---: | --- |"]
    rows = []
    for report in reports:
        passed = sum(e.passed for e in report.exercises)
        not_yet = ", ".join(e.id for e in report.exercises if not e.passed)
        who = md_inline(report.submission or "(submission)", sanitize.NAME_LIMIT)  # whole: two cut could look alike
        rows.append(f"| {who} | {_num(report.score):g} / "
                    f"{_num(report.max_score):g} | {passed} / {len(report.exercises)} | {md_inline(not_yet, 300)} |")
    return _fit(head, rows, room, "students")


def _fit(head: list[str], rows: list[str], room: int, what: str) -> str:
    """The head and as many rows as fit in ``room`` bytes, and a line saying how many did not."""
    out = "\n".join(head) + "\n"
    size = len(out.encode("utf-8"))
    reserve = 200  # for the closing line
    if size + reserve > room:
        return ""
    shown = 0
    for row in rows:
        step = len(row.encode("utf-8")) + 1
        if size + step + reserve > room:
            break
        out += row + "\n"
        size += step
        shown += 1
    if shown < len(rows):
        out += f"\n{len(rows) - shown} more {what} are in the JSON report (the summary is kept under GitHub's size limit).\n"
    return out + "\n"
