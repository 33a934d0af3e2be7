"""GitHub Classroom: the runner result that
``classroom-resources/autograding-grading-reporter`` reads.

What the reporter does with it (its src/, at commit 43c2d9f):

- main.js reads env ``<STEP-ID>_RESULTS`` (the step id upper-cased, hyphens
  kept), base64-decodes it and parses the JSON;
- notify-classroom.js posts the grade: the sum of ``tests[].score`` out of
  ``max_score``; a result whose ``max_score`` is 0 posts nothing;
- test-helpers.js ``getTestScore`` (the log's table): passed tests / all
  tests x ``max_score``;
- console-results.js prints each test's ``name`` and `` - line <line_no>``
  unless ``line_no`` is 0 (so a missing one prints "line undefined"), an
  error's ``message``, and ``test_code`` when set: all into the job log, where
  a line that starts with ``::`` is a workflow command;
- a ``status`` of ``fail`` or ``error`` fails the step.

So the two totals agree only when every test weighs the same: a test per
check *and point unit*. The unit is the largest amount that divides every
check's points (1 for a pack of whole points); a check worth k units is k
tests ``<exercise>: <check> [i/k]``, passed together. A check that passes
without earning its points (a starter, a free check) is a failed test.
Zero-point checks get no test. Their scores add up to the JSON report's
score, and passed/total x max_score gives the same number.

The result travels as one environment variable, and Linux refuses one of
128 KiB or more (MAX_ARG_STRLEN): the compact JSON is kept under
``MAX_BYTES`` by cutting messages (then names, then the test code) and
holds no printed output.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from tutor.grade.report import GradeReport, _num
from tutor.reports.common import cut, file_path, log, log_name, quantum, units_of

MAX_BYTES = 48 * 1024  # compact JSON; its base64 is 64 KiB, half of what one variable may hold
MAX_UNITS = 2000  # more point units than this: a test per check (the two totals may then differ)
MESSAGE_CAP = 1000
# Cuts tried in order until the JSON fits: (message, name, keep test_code).
_CUTS = ((MESSAGE_CAP, 200, True), (400, 200, True), (160, 120, True), (60, 80, False), (0, 60, False))


def to_classroom(report: GradeReport, folder: Path | None = None, workspace: str | None = None) -> tuple[str, list[str]]:
    """The result as JSON text, and warnings for the grader's stderr."""
    warnings: list[str] = []
    data: dict = {}
    for message_cap, name_cap, with_code in _CUTS:
        data = _result(report, folder, workspace, message_cap, name_cap, with_code, warnings)
        if len(compact(data).encode("utf-8")) <= MAX_BYTES:
            break
    else:
        warnings.append(f"the GitHub Classroom result is {len(compact(data).encode('utf-8'))} bytes even without "
                        f"messages (over {MAX_BYTES}): the reporter may not receive it")
    if not data["max_score"]:
        warnings.append("the pack has no points to earn: GitHub Classroom's reporter posts no grade for this result")
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n", warnings


def compact(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def output_line(text: str) -> str:
    """The line for ``$GITHUB_OUTPUT``: ``result=<base64 of the compact JSON>``."""
    payload = compact(json.loads(text)).encode("utf-8")
    return "result=" + base64.b64encode(payload).decode("ascii") + "\n"


def _result(report, folder, workspace, message_cap, name_cap, with_code, warnings) -> dict:
    amounts = []
    for exercise in report.exercises:
        amounts += [c.max_score for c in exercise.checks]
        amounts.append(exercise.max_score - sum(c.max_score for c in exercise.checks))  # points no check holds
    unit = quantum(amounts, MAX_UNITS)
    if unit is None and any(a > 0 for a in amounts) and not warnings:
        warnings.append("the checks' points cut into too many equal units: a test per check, and the reporter's "
                        "log table (passed/total x max) may differ from the grade it posts")
    tests = []
    for exercise in report.exercises:
        line = exercise.line if isinstance(exercise.line, int) and not isinstance(exercise.line, bool) else 0
        where = log_name(file_path(folder, exercise.id, workspace), 1000)
        parts = [(c.name, c.score > 0, c.max_score, c.message or exercise.error) for c in exercise.checks]
        rest = exercise.max_score - sum(c.max_score for c in exercise.checks)
        if rest > 1e-9:  # points no check can earn (a pack whose checks hold none): never passed
            parts.append(("points no check holds", False, rest, exercise.error or exercise.status))
        cases = []
        for name, earned, amount, message in parts:
            count = units_of(amount, unit) if unit is not None else (1 if amount > 0 else 0)
            for i in range(count):
                label = f"{exercise.id}: {name}" + (f" [{i + 1}/{count}]" if count > 1 else "")
                score = float(unit) if unit is not None else amount
                cases.append({
                    "name": cut(log_name(label), name_cap),
                    "status": "pass" if earned else ("error" if exercise.status in ("error", "timeout") else "fail"),
                    "score": score if earned else 0,
                    "message": "" if earned or i else cut(log(message or exercise.status), message_cap),
                    "line_no": 0 if earned else line,
                    "test_code": "",
                    "filename": where,
                    "duration": 0.0,
                })
        for case in cases:
            case["duration"] = round(exercise.elapsed / len(cases), 4)
        first = next((c for c in cases if c["status"] != "pass"), None)
        if first is not None and with_code:  # how the student sees this exercise's feedback
            first["test_code"] = f"autograd-tutor check {exercise.id} {where}"
        tests += cases
    if not tests:  # an empty list would make the log's table divide by zero
        tests.append({"name": "no points to earn", "status": "pass", "score": 0, "message": "", "line_no": 0,
                      "test_code": "", "filename": "", "duration": 0.0})
    failed = any(t["status"] != "pass" for t in tests)
    fault = any(e.fault for e in report.exercises)
    return {
        "version": 1,
        "status": "error" if fault else ("fail" if failed else "pass"),
        "max_score": _num(report.max_score),
        "message": log(f"{_num(report.score):g} of {_num(report.max_score):g} points"
                                + (f" (isolation: {report.isolation})" if report.isolation else "")),
        "tests": tests,
    }
