"""Gradescope's autograder ``results.json``.

Gradescope's "Autograder Specifications" (gradescope-autograders.readthedocs.io
/en/latest/specs/; the source: github.com/gradescope/autograder_samples,
docs/specs.md): a top-level ``score``, ``execution_time`` (seconds),
``output``, and ``tests[]`` with ``score``, ``max_score``, ``status``
(``passed`` / ``failed``), ``name``, ``output``, ``output_format``,
``tags``, ``visibility`` (``hidden``: never shown to students;
``after_due_date``; ``after_published``: once the instructor publishes
grades; ``visible``, the default). "If test cases are hidden, students
will not be able to see their total score."

A test per check. Outputs are Markdown (``output_format: "md"``), with
everything a submission controls escaped (``common.md_block``). A check
that failed on hidden trials only is ``after_due_date``: a student cannot
probe the hidden trials by resubmitting until the deadline has passed (and
sees no total score until then, as Gradescope documents); every other
test is ``visible``.
"""

from __future__ import annotations

import json

from tutor.grade import sanitize
from tutor.grade.report import CheckResult, GradeReport, _num
from tutor.reports.common import md_block

HIDDEN_VISIBILITY = "after_due_date"
OUTPUT_CAP = 8000  # characters of feedback per test


def to_gradescope(report: GradeReport) -> str:
    tests = []
    for exercise in report.exercises:
        cases = exercise.checks or [CheckResult("submission", "file", False, exercise.error, 0, exercise.max_score)]
        for check in cases:
            output = check.message or ("passed" if check.passed else exercise.error)
            if not check.passed and exercise.error and exercise.error not in output:
                output += "\n\n" + exercise.error
            tests.append({
                "name": sanitize.name(f"{exercise.id}: {check.name}"),
                "score": _num(check.score),
                "max_score": _num(check.max_score),
                "status": "passed" if check.passed else "failed",
                "output": md_block(output or exercise.status, OUTPUT_CAP),
                "output_format": "md",
                "visibility": HIDDEN_VISIBILITY if check.hidden and not check.passed else "visible",
                **({"tags": ["grader-fault"]} if exercise.fault else {}),
            })
    isolation = f" (isolation: {report.isolation})" if report.isolation else ""
    return json.dumps({
        "score": _num(report.score),
        "execution_time": round(sum(e.elapsed for e in report.exercises), 1),
        "output": md_block(f"{_num(report.score):g} of {_num(report.max_score):g} points{isolation}", 1000),
        "output_format": "md",
        "tests": tests,
    }, indent=2, ensure_ascii=False) + "\n"


def student_folders(names: list[str]) -> dict[str, str]:
    """The folder of each student's ``results.json`` in a class: the name in
    letters, digits, ``-``, ``_`` and ``.`` (others become ``_``; no dot at
    either end; at most 200 bytes), and never one folder for two students,
    nor two that differ in case only (a case-insensitive disk would make them
    one). A name that is such a folder already keeps it; one that had to
    change gets ``_2``, ``_3``... where its folder is taken."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        if _folder_name(name) == name and name.casefold() not in taken:
            out[name] = name
            taken.add(name.casefold())
    for name in names:
        if name in out:
            continue
        folder = base = _folder_name(name)
        n = 2
        while folder.casefold() in taken:
            folder, n = f"{base}_{n}", n + 1
        out[name] = folder
        taken.add(folder.casefold())
    return out


def _folder_name(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
    while len(cleaned.encode("utf-8")) > 200:  # a folder's name holds 255 bytes, and "_N" may follow
        cleaned = cleaned[:-1]
    return cleaned.strip(".") or "submission"
