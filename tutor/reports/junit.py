"""JUnit XML, as GitLab reads it (and junitparser, Jenkins, ...).

GitLab's unit test reports (docs.gitlab.com/ci/testing/unit_test_reports/,
"JUnit XML format specification", and its parser,
lib/gitlab/ci/parsers/test/junit.rb) read, per ``testcase``: ``classname``
(shown as the suite), ``name``, ``file``, ``time`` (seconds), the content of
``failure`` / ``error`` (the failure text it shows), and ``system-out`` /
``system-err`` (appended to that text, only for a failed or errored case;
a ``[[ATTACHMENT|path]]`` tag in system-out becomes a link to a job
artifact). A ``testsuite``'s ``system-out`` is not read. A test that repeats
another's ``classname`` and ``name`` is ignored.

So: a ``testsuite`` per submission and exercise, a ``testcase`` per check
with ``classname`` ``[<student>.]<exercise-id>``, the submission file in
``file``, the feedback in the failure, what the code printed in the first
failed case's ``system-out``. Limits (the same page): a file under 30 MB
(100 MB for all of a job's), at most 500,000 test cases on GitLab.com, no
huge text node; this writer keeps a report under ``MAX_BYTES`` by cutting
the per-case texts, and each text under ``FEEDBACK_CAP``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

from tutor.grade import sanitize
from tutor.grade.report import CheckResult, GradeReport
from tutor.reports.common import ZWSP, cut, repo_path

MAX_BYTES = 25 * 1024 * 1024  # GitLab refuses a JUnit file of 30 MB
FEEDBACK_CAP = 8192  # characters of feedback per case
OUTPUT_CAP = 4096  # characters of printed output per exercise
# Cuts tried, in order, until the report fits MAX_BYTES: (feedback, output).
_CUTS = ((FEEDBACK_CAP, OUTPUT_CAP), (2048, 1024), (512, 256), (160, 0))


def to_junit(reports: list[GradeReport], folders: Mapping[str, Path] | None = None,
             workspace: str | None = None) -> str:
    """``folders``: submission name -> its folder (for ``file``);
    ``workspace``: the folder file paths are relative to (GitLab's
    ``CI_PROJECT_DIR``; default: the current folder)."""
    text = ""
    for feedback_cap, output_cap in _CUTS:
        text = _build(reports, folders or {}, workspace, feedback_cap, output_cap)
        if len(text.encode("utf-8")) <= MAX_BYTES:
            break
    return text


def _build(reports, folders, workspace, feedback_cap: int, output_cap: int) -> str:
    root = ET.Element("testsuites", name="autograd-tutor")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    elapsed = 0.0
    for report in reports:
        prefix = f"{sanitize.name(report.submission)}." if report.submission else ""
        folder = folders.get(report.submission)
        for exercise in report.exercises:
            suite = ET.SubElement(root, "testsuite", name=f"{prefix}{exercise.id}")
            properties = ET.SubElement(suite, "properties")
            ET.SubElement(properties, "property", name="pack", value=sanitize.name(report.pack))
            if report.isolation:
                ET.SubElement(properties, "property", name="isolation", value=sanitize.name(report.isolation))
            counts = {"tests": 0, "failures": 0, "errors": 0}
            cases = exercise.checks or [CheckResult("submission", "file", False, exercise.error, 0, exercise.max_score)]
            where = repo_path(folder, exercise.id, workspace) if folder is not None or not report.submission \
                else f"{sanitize.name(report.submission)}/{exercise.id}.py"
            seen: dict[str, int] = {}
            output_given = False
            for check in cases:
                name = sanitize.name(check.name) or "check"
                seen[name] = seen.get(name, 0) + 1
                if seen[name] > 1:  # GitLab keeps one test per classname and name
                    name = f"{name} ({seen[name]})"
                case = ET.SubElement(suite, "testcase", classname=f"{prefix}{exercise.id}", name=name, file=where,
                                     time=f"{exercise.elapsed / max(len(cases), 1):.4f}")
                counts["tests"] += 1
                if check.passed:
                    continue
                tag = "error" if exercise.status in ("error", "timeout") else "failure"
                counts["errors" if tag == "error" else "failures"] += 1
                text = check.message or exercise.error or exercise.status
                element = ET.SubElement(case, tag, message=_first_line(sanitize.text(text)),
                                        type="grader-fault" if exercise.fault else exercise.status)
                body = "\n\n".join(t for t in (check.message, exercise.error) if t) or exercise.status
                element.text = _inert(cut(sanitize.text(body, limit=None), feedback_cap))
                if exercise.output and output_cap and not output_given:
                    # GitLab shows a case's system-out under its failure text.
                    ET.SubElement(case, "system-out").text = _inert(_tail(sanitize.text(exercise.output), output_cap))
                    output_given = True
            for key, value in counts.items():
                suite.set(key, str(value))
                totals[key] += value
            suite.set("time", f"{exercise.elapsed:.4f}")
            elapsed += exercise.elapsed
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{elapsed:.4f}")
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _inert(text: str) -> str:
    """No ``[[ATTACHMENT|...]]`` tag of the submission's making: GitLab would link an artifact."""
    return text.replace("[[", "[" + ZWSP + "[")


def _tail(text: str, limit: int) -> str:
    return text if len(text) <= limit else "[...] " + text[-limit:]


def _first_line(text: str) -> str:
    line = (text or "").strip().splitlines()[0] if (text or "").strip() else ""
    return line[:300]
