"""`grade --junit` as GitLab reads it: junitparser for the fields GitLab's
parser takes (docs.gitlab.com/ci/testing/unit_test_reports/, "JUnit XML
format specification"; lib/gitlab/ci/parsers/test/junit.rb), and its limits."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import platform_grades as pg
import pytest
from junitparser import Error, Failure, JUnitXml

from tutor.grade.report import CheckResult, ExerciseResult, GradeReport
from tutor.reports import junit


@pytest.fixture(scope="module", params=["hostile", "partial", "class"])
def graded(request):
    run = pg.klass() if request.param == "class" else pg.single(request.param)
    assert run["proc"].returncode == 0, run["proc"].stderr[-3000:]
    data = json.loads((run["out"] / "r.json").read_text(encoding="utf-8"))
    subs = data["submissions"] if "submissions" in data else [data]
    return {**run, "kind": request.param, "subs": subs, "xml": (run["out"] / "r.xml").read_text(encoding="utf-8")}


def _where(graded, sub, ex_id) -> tuple[str, str]:
    """(classname, file) GitLab should show: file relative to CI_PROJECT_DIR."""
    if graded["kind"] == "class":
        return f"{sub['submission']}.{ex_id}", f"class/{pg.folder_name(sub['submission'])}/{ex_id}.py"
    return ex_id, f"{graded['kind']}/{ex_id}.py"


def test_gitlab_fields_per_testcase(graded):
    xml = JUnitXml.fromfile(str(graded["out"] / "r.xml"))
    cases = {(c.classname, c.name): c for suite in xml for c in suite}
    assert len(cases) == sum(1 for suite in xml for _ in suite)  # GitLab keeps one per classname and name
    for sub in graded["subs"]:
        for exercise in sub["exercises"]:
            classname, path = _where(graded, sub, exercise["id"])
            mine = [c for (cls, _), c in cases.items() if cls == classname]
            assert len(mine) == len(exercise["checks"])
            for case, check in zip(mine, exercise["checks"]):
                assert case.name == check["name"]
                assert case._elem.get("file") == path
                assert case.time >= 0
                if check["passed"]:
                    assert case.is_passed
                    continue
                (result,) = case.result
                assert isinstance(result, Error if exercise["status"] in ("error", "timeout") else Failure)
                assert (result.text or "").strip()  # GitLab shows the element's content, not its message
                assert check["message"].strip()[:200] in result.text.replace("[\u200b[", "[[")


def test_printed_output_is_in_a_failed_testcase(graded):
    """GitLab reads system-out from a testcase only (a suite's is ignored), and shows it under the failure."""
    root = ET.fromstring(graded["xml"].split("\n", 1)[1])
    for suite in root.iter("testsuite"):
        assert suite.find("system-out") is None
        outs = [c for c in suite.iter("testcase") if c.find("system-out") is not None]
        assert len(outs) <= 1
        for case in outs:
            assert case.find("failure") is not None or case.find("error") is not None
            assert len(case.find("system-out").text) <= junit.OUTPUT_CAP + 100  # "[...] ", and "[[" broken
    if graded["kind"] == "hostile":
        square = next(s for s in root.iter("testsuite") if s.get("name") == "square-gradient")
        assert "pwned" in square.find("testcase").find("system-out").text


def test_no_attachment_link_of_the_submissions_making(graded):
    assert "[[ATTACHMENT|" not in graded["xml"]
    if graded["kind"] != "partial":
        assert "ATTACHMENT|/etc/passwd" in graded["xml"]  # still shown, as text


def test_a_report_over_gitlabs_size_is_cut_to_fit():
    """120 exercises x 25 checks x 9,000 characters of feedback: 27 MB of text, cut under 25 MB
    (GitLab refuses a file of 30 MB), every case kept."""
    message = "feedback " * 1000
    exercises = [ExerciseResult(f"e{i}", "failed", 0.0, 25.0,
                                [CheckResult(f"c{j}", "value", False, message, 0.0, 1.0) for j in range(25)],
                                output="printed\n" * 800)
                 for i in range(120)]
    text = junit.to_junit([GradeReport("p", exercises)])
    assert len(text.encode("utf-8")) <= junit.MAX_BYTES
    xml = JUnitXml.fromstring(text)
    assert sum(1 for suite in xml for _ in suite) == 120 * 25
    assert all(case.result and case.result[0].text for suite in xml for case in suite)


def test_a_control_character_in_a_folder_name_keeps_the_class_junit_well_formed(tmp_path):
    """Found by a security tester: one student's folder named ``mallory\\x01`` put the raw control
    character in ``file=``, and no XML reader took the class's report."""
    from tutor.pack import load_pack

    solution = load_pack(None).exercise("make-a-leaf").solution
    for name in ("alice", "mallory\x01"):
        pg._write(tmp_path / "jx" / name, {"make-a-leaf": solution})
    proc = pg.run(["grade", "jx", "--exercise", "make-a-leaf", "--junit", "jx.xml"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    ET.parse(tmp_path / "jx.xml")
    xml = JUnitXml.fromfile(str(tmp_path / "jx.xml"))
    files = {case.classname: case._elem.get("file") for suite in xml for case in suite}
    # the character shown as its escape, as in the student's name, and the backslash as "\\"
    assert files == {"alice.make-a-leaf": "jx/alice/make-a-leaf.py",
                     "mallory\\x01.make-a-leaf": "jx/mallory\\x01/make-a-leaf.py"}
