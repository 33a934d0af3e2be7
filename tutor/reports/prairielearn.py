"""PrairieLearn's external-grader ``/grade/results/results.json``.

PrairieLearn's "External Grading" page (docs/externalGrading.md, "Grading
results"): ``score`` in [0, 1] is the one field a gradable result needs;
``gradable: false`` marks the submission "invalid, not gradable" (no
points awarded or lost, no attempt charged), with ``format_errors`` (a
string or a list of strings); ``message``, ``output`` and ``tests[]``
(``name``, ``description``, ``points``, ``max_points``, ``message``,
``output``) are what ``<pl-external-grader-results>`` renders. The file
should stay under 1 MB. ``/grade/results`` is not made for the grader
(``grade`` makes a report's folder).

A test per check. A submission that cannot be read (nothing submitted, a
link, a FIFO, a folder or an unreadable or oversized file where a file
belongs) is not gradable: the student fixes it and submits again.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from tutor.grade import sanitize
from tutor.grade.report import GradeReport, _num
from tutor.reports.common import cut

MAX_BYTES = 900 * 1024  # PrairieLearn: "this file should be limited to 1 MB"
# Cuts tried in order until the results fit: (message, output) characters per test.
_CUTS = ((4000, 2000), (1000, 500), (300, 0), (80, 0))


def to_prairielearn(report: GradeReport) -> str:
    data: dict = {}
    for message_cap, output_cap in _CUTS:
        data = _result(report, message_cap, output_cap)
        if len(json.dumps(data, ensure_ascii=False).encode("utf-8")) <= MAX_BYTES:
            break
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def not_gradable(errors: list[str]) -> str:
    return json.dumps({
        "gradable": False,
        "message": "The submission could not be read, so it was not graded; this attempt does not count.",
        "format_errors": [sanitize.text(e, 1000) for e in errors],
    }, indent=2, ensure_ascii=False) + "\n"


def _result(report: GradeReport, message_cap: int, output_cap: int) -> dict:
    tests = []
    for exercise in report.exercises:
        output_given = False
        for check in exercise.checks:
            message = check.message or ("passed" if check.passed else exercise.error or exercise.status)
            if not check.passed and exercise.error and exercise.error not in message:
                message += "\n\n" + exercise.error
            test = {"name": sanitize.name(f"{exercise.id}: {check.name}"),
                    "description": sanitize.name(f"{exercise.id}.py: {exercise.status}"),
                    "points": _num(check.score), "max_points": _num(check.max_score),
                    "message": cut(sanitize.text(message, limit=None), message_cap), "output": ""}
            if not check.passed and exercise.output and output_cap and not output_given:
                text = sanitize.text(exercise.output, limit=None)
                test["output"] = text if len(text) <= output_cap else "[...] " + text[-output_cap:]
                output_given = True
            tests.append(test)
    score = report.score / report.max_score if report.max_score > 0 else float(all(e.passed for e in report.exercises))
    isolation = f" (isolation: {report.isolation})" if report.isolation else ""
    return {
        "gradable": True,
        "score": _num(min(1.0, max(0.0, score))),
        "message": sanitize.text(f"{_num(report.score):g} of {_num(report.max_score):g} points{isolation}"),
        "tests": tests,
    }


def format_errors(exercise_ids: list[str], folder: Path, max_bytes: int) -> list[str]:
    """Why the submission in ``folder`` cannot be read, by the rules the
    grader reads files by (tutor.grade.classroom.read_submissions): nothing
    is opened for reading, no link is followed. Empty: it can be read."""
    try:
        if not folder.is_dir():
            return [f"nothing was submitted ({folder} is not a folder)"]
        os.listdir(folder)
    except OSError as exc:
        return [f"the submitted files cannot be listed ({exc.strerror or exc})"]
    errors, present = [], 0
    for ex_id in exercise_ids:
        name = f"{ex_id}.py"
        path = folder / name
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError as exc:
            errors.append(f"{name} could not be read ({exc.strerror or exc})")
            continue
        present += 1
        if stat.S_ISLNK(info.st_mode):
            errors.append(f"{name} is a symbolic link; submit the file itself")
        elif not stat.S_ISREG(info.st_mode):
            errors.append(f"{name} is not a regular file")
        elif info.st_size > max_bytes:
            errors.append(f"{name} is {info.st_size} bytes, over the limit of {max_bytes} bytes")
        else:
            try:
                os.close(os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)))
            except OSError as exc:
                errors.append(f"{name} could not be read ({exc.strerror or exc})")
    if not present and not errors:
        names = ", ".join(f"{i}.py" for i in exercise_ids[:10]) + (", ..." if len(exercise_ids) > 10 else "")
        errors.append(f"no file was submitted: expected {names}")
    return errors
