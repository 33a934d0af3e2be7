"""The class report written a student at a time (ClassJSON): each
student's part encoded once, the text what it always was (the whole class
as one json.dumps; while grading, that read back with ``"partial": true``
added), and ``--resume`` reads it. In-process, on reports made here:
hostile names and messages included."""

from __future__ import annotations

import json

import pytest

from tutor.grade import sanitize
from tutor.grade.classroom import resumed
from tutor.grade.report import CheckResult, ExerciseResult, GradeReport, ClassJSON, to_json

HOSTILE = ["<script>alert(1)</script>", "line\nbreak", "\x1b[31mred\x1b[0m", "学生", "quote\"s\\", "\u2028sep", "\ud800"]


def whole(reports) -> str:
    """What to_json wrote before ClassJSON: the class as one tree of dicts."""
    if len(reports) == 1:
        return json.dumps(reports[0].to_dict(), indent=2, ensure_ascii=False) + "\n"
    out = {"pack": reports[0].pack if reports else "", "submissions": [r.to_dict() for r in reports]}
    if reports and reports[0].isolation:
        out["isolation"] = reports[0].isolation
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"


def oracle(reports, pack_id: str) -> str:
    """What `grade` wrote before ClassJSON: the whole class encoded, read
    back, marked partial and encoded again, after every batch."""
    data = json.loads(whole(reports)) if reports else {"pack": pack_id, "submissions": []}
    if "submissions" not in data:
        data = {"pack": data["pack"], "submissions": [data]}
    data["partial"] = True
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def student(k: int, isolation: str = "bwrap") -> GradeReport:
    text = HOSTILE[k % len(HOSTILE)]
    checks = [CheckResult(f"grad of x {text}", "grad", k % 2 == 0, f"expected {text}", 0.5 * (k % 3), 1.0,
                          hidden=k % 4 == 0)]
    exercises = [ExerciseResult("ex-a", "passed" if k % 2 == 0 else "failed", 1.0 / 3 if k % 2 else 1.0, 1.0, checks,
                                error=text if k % 5 == 0 else "", line=k if k % 3 == 0 else None),
                 ExerciseResult("ex-b", "missing", 0.0, 2.0, [])]
    return GradeReport("pack-π", exercises, submission=f"student-{k}-{text}", isolation=isolation)


@pytest.mark.parametrize("isolation", ["bwrap", ""])
def test_every_batch_writes_what_the_whole_encoding_did(isolation):
    writer = ClassJSON()
    assert writer.text([], "pack-π") == oracle([], "pack-π")
    assert to_json([]) == whole([])
    reports: list[GradeReport] = []
    for batch in range(4):
        reports += [student(8 * batch + i, isolation) for i in range(8 if batch else 1)]
        text = writer.text(reports, "pack-π")
        assert text == oracle(reports, "pack-π")
        assert to_json(reports) == whole(reports)
        if len(reports) > 1:  # the whole report at the end, from the parts already encoded
            assert to_json(reports, writer) == whole(reports)
        data = json.loads(text)
        assert data["partial"] is True and len(data["submissions"]) == len(reports)


def test_a_part_is_encoded_once_and_let_go_when_no_longer_listed():
    writer = ClassJSON()
    first, second = student(1), student(2)
    writer.text([first], "p")
    part = writer._parts[id(first)][1]
    writer.text([first, second], "p")
    assert writer._parts[id(first)][1] is part  # not encoded again
    writer.text([second], "p")
    assert id(first) not in writer._parts


def test_resume_reads_the_partial_report():
    reports = [student(k) for k in range(9)]
    back = resumed(json.loads(ClassJSON().text(reports, "pack-π")), "pack-π")
    assert list(back) == [sanitize.name(r.submission) for r in reports]  # names as every report writes them
    assert [r.to_dict() for r in back.values()] == [r.to_dict() for r in reports]


# Folder names that showed alike (found by a security tester): each with what it must show as.
LOOK_ALIKE = {"alice": "alice", "alice\u202e": "alice\\u202e", "alice\x01": "alice\\x01",
              "alice\\x01": "alice\\\\x01", "alice\x1b[0m": "alice\\x1b[0m", "alice ": "alice\\x20",
              " alice": "\\x20alice", "al  ice": "al \\x20ice", "alice\u200b": "alice\\u200b",
              "alice\xa0": "alice\\xa0",
              "bad\udcff": "bad\\udcff", "bad\ufffd": "bad\ufffd", "::x": "\\x3a:x", "| ::x": "| ::x",
              "a##[b": "a#\\x23[b", "a# #[b": "a# #[b", "##vso[x": "#\\x23vso[x", "\u5b66\u751f": "\u5b66\u751f",
              "Jos\u00e9": "Jos\u00e9",
              # the same name decomposed (a Mac's folder name) and the Angstrom sign's twin of \u00c5
              "Jose\u0301": "Jose\\u0301", "\u212bsa": "\\u212bsa", "\u00c5sa": "\u00c5sa"}


def test_a_folder_name_is_shown_visibly_and_no_two_alike():
    from tutor.grade.classroom import shown_names
    from tutor.reports.common import log_name, md_inline

    long = ["x" * 200 + "a", "x" * 200 + "b", "x" * 300, "\x01" * 250]
    names = [*LOOK_ALIKE, *long]
    shown = shown_names(names)
    assert shown[:len(LOOK_ALIKE)] == list(LOOK_ALIKE.values())
    assert len(set(shown)) == len(names)
    for name in shown:
        assert len(name) <= sanitize.NAME_LIMIT
        # as JSON, the terminal and CI logs write a name: unchanged
        assert sanitize.name(name) == log_name(name) == name
        assert md_inline(name, sanitize.NAME_LIMIT).replace("\u200b", "").replace("\\", "") == name.replace("\\", "")
    # a name cut to fit, and a folder named as that cut name, still two names
    assert len(set(shown_names([long[0], shown[len(LOOK_ALIKE)]]))) == 2


def test_resume_takes_a_student_by_folder_and_never_one_of_two_alike():
    reports = [student(1), student(2)]
    reports[1].folder = "x" * 300  # a name cut: the folder's whole name is kept beside it
    data = json.loads(ClassJSON().text(reports, "pack-π"))
    assert data["submissions"][1]["folder"] == "x" * 300 and "folder" not in data["submissions"][0]
    assert list(resumed(data, "pack-π")) == [sanitize.name(reports[0].submission), "x" * 300]
    # a report with one name twice (written before names were shown apart): neither is taken
    data["submissions"].append(dict(data["submissions"][0]))
    assert list(resumed(data, "pack-π")) == ["x" * 300]
