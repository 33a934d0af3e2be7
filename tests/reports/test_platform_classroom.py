"""`grade --classroom`: the result GitHub Classroom's reporter reads, read
back by a reimplementation of that reporter (platform_consumers.py)."""

from __future__ import annotations

import base64
import json
from fractions import Fraction

import platform_consumers as gh
import platform_grades as pg
import pytest

from tutor.grade.report import CheckResult, ExerciseResult, GradeReport
from tutor.reports import classroom

NAMES = ["honest", "hostile", "partial"]


@pytest.fixture(scope="module", params=NAMES)
def graded(request):
    run = pg.single(request.param)
    assert run["proc"].returncode == 0, run["proc"].stderr[-3000:]
    return {**run, "name": request.param,
            "report": json.loads((run["out"] / "r.json").read_text(encoding="utf-8")),
            "result": json.loads((run["out"] / "classroom.json").read_text(encoding="utf-8"))}


def _output_value(run) -> str:
    lines = (run["out"] / "github_output").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "other=1"  # appended to, not overwritten
    values = [line.split("=", 1)[1] for line in lines if line.startswith("result=")]
    assert len(values) == 1
    return values[0]


def test_the_reporter_decodes_what_github_output_carries(graded):
    # The workflow passes the step's output as env `<STEP-ID>_RESULTS`, the id upper-cased, hyphens kept.
    value = _output_value(graded)
    for step_id in ("tutor", "autograd-tutor"):
        env = {f"{step_id.upper()}_RESULTS": value}
        (runner,) = gh.reporter_runner_results(env, step_id)
        assert runner["results"] == graded["result"]
    assert "AUTOGRAD-TUTOR_RESULTS" == "autograd-tutor".upper() + "_RESULTS"


def test_both_totals_are_grade_json_score(graded):
    (runner,) = gh.reporter_runner_results({"TUTOR_RESULTS": _output_value(graded)}, "tutor")
    report, results = graded["report"], runner["results"]
    posted = gh.reporter_posted([runner])
    assert posted is not None, "a max_score of 0 posts no grade"
    total, maximum = posted
    assert maximum == pytest.approx(report["max_score"])
    # grade --json rounds to 6 decimals; the reporter adds exact thirds
    assert total == pytest.approx(report["score"], abs=1e-6)
    assert gh.reporter_table_score(results) == pytest.approx(total, abs=1e-9)


def test_result_fields(graded):
    result = graded["result"]
    assert result["version"] == 1
    assert result["status"] == {"honest": "pass"}.get(graded["name"], "fail")
    for test in result["tests"]:
        assert set(test) >= {"name", "status", "score", "message", "line_no", "test_code", "filename", "duration"}
        assert test["status"] in ("pass", "fail", "error")
        assert isinstance(test["name"], str) and test["name"]
        assert isinstance(test["score"], (int, float)) and not isinstance(test["score"], bool)
        assert isinstance(test["line_no"], int) and not isinstance(test["line_no"], bool)  # else "line undefined"
        assert isinstance(test["duration"], (int, float)) and test["duration"] >= 0
        assert test["filename"].startswith(f"{graded['name']}/") and test["filename"].endswith(".py")


def test_a_test_per_check_and_point_unit(graded):
    """Thirds of a point (predict-values) make the unit 1/3: a check worth 1 point is three tests."""
    report, tests = graded["report"], graded["result"]["tests"]
    unit = Fraction(1, 3)
    assert len(tests) == round(Fraction(report["max_score"]).limit_denominator(1000) / unit)
    for exercise in report["exercises"]:
        for check in exercise["checks"]:
            base = f"{exercise['id']}: {check['name']}"
            mine = [t for t in tests if t["name"] == base or t["name"].startswith(base + " [")]
            count = round(Fraction(check["max_score"]).limit_denominator(1000) / unit)
            assert len(mine) == count, (exercise["id"], check["name"])
            earned = check["score"] > 0
            assert {t["status"] == "pass" for t in mine} == {earned}
            assert all(t["score"] == pytest.approx(float(unit) if earned else 0) for t in mine)


def test_the_line_that_raised_and_no_undefined_line(graded):
    log = gh.reporter_log(gh.reporter_runner_results({"TUTOR_RESULTS": _output_value(graded)}, "tutor"))
    assert not any("line undefined" in line for line in log)
    if graded["name"] != "hostile":
        return
    lines = {t["name"].split(":")[0]: t["line_no"] for t in graded["result"]["tests"] if t["status"] != "pass"}
    assert lines["square-gradient"] == 2 and lines["predict-values"] == 6


def test_the_reporter_log_holds_no_workflow_command(graded):
    log = gh.reporter_log(gh.reporter_runner_results({"TUTOR_RESULTS": _output_value(graded)}, "tutor"))
    assert [line for line in log if gh.runner_command(line)] == []
    if graded["name"] == "hostile":  # made harmless, not dropped: the student still reads it
        assert any("pwned" in line for line in log)
        assert "Test code:" in log


def test_size_stays_far_under_one_environment_variable(graded):
    value = _output_value(graded)
    assert len(value) <= 4 * ((classroom.MAX_BYTES + 2) // 3) < 100 * 1024  # Linux: under 128 KiB, name included
    decoded = base64.b64decode(value)
    assert len(decoded) <= classroom.MAX_BYTES
    if graded["name"] == "hostile":  # the flood was cut, not the tests
        assert max(len(t["message"]) for t in graded["result"]["tests"]) <= classroom.MESSAGE_CAP
        assert len(graded["result"]["tests"]) == len(gh.reporter_runner_results({"T_RESULTS": value}, "t")[0]["results"]["tests"])


def test_a_class_folder_is_refused_before_grading(tmp_path):
    run = pg.klass()
    out = tmp_path / "c.json"
    proc = pg.run(["grade", str(run["subs"]), "--pack", str(pg.pack()), "--classroom", str(out)], cwd=tmp_path)
    assert proc.returncode == 2
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "--classroom" in lines[0] and "one student's folder" in lines[0], proc.stderr
    assert not out.exists()


def test_a_repository_with_folders_but_no_exercise_file_is_one_submission(tmp_path):
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / "docs" / "notes.txt").write_text("nothing yet")
    proc = pg.run(["grade", str(repo), "--pack", str(pg.pack()), "--classroom", str(tmp_path / "c.json"),
                   "--jobs", "1"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    result = json.loads((tmp_path / "c.json").read_text())
    assert result["status"] == "fail" and all(t["score"] == 0 for t in result["tests"])
    assert result["max_score"] == pytest.approx(sum(e.max_points for e in _pack().exercises.values()))


def _pack():
    from tutor.pack import load_pack

    return load_pack(str(pg.pack()))


# ------------------------------------------- the writer on results no grade gives


def test_no_points_and_odd_lines_still_read(tmp_path):
    """A pack without points posts no grade (the reporter skips max_score 0): said on stderr; a
    line that is not an int is 0; the tests list is never empty (the table would divide by zero)."""
    checks = [CheckResult("free", "value", True, "", 0.0, 0.0)]
    report = GradeReport("p", [ExerciseResult("e", "passed", 0.0, 0.0, checks, line=True)])
    text, warnings = classroom.to_classroom(report)
    data = json.loads(text)
    assert any("posts no grade" in w for w in warnings)
    assert data["tests"] and gh.reporter_posted([{"runner": "t", "results": data}]) is None
    assert all(isinstance(t["line_no"], int) and not isinstance(t["line_no"], bool) for t in data["tests"])
    assert gh.reporter_table_score(data) == 0


def test_weights_that_cut_into_too_many_units_fall_back_to_a_test_per_check():
    a, b = 3 / 997, 1 / 991  # the unit dividing both, 1/988027, cuts their sum into 3970 units
    checks = [CheckResult("a", "value", True, "", a, a), CheckResult("b", "value", False, "no", 0.0, b)]
    report = GradeReport("p", [ExerciseResult("e", "failed", a, a + b, checks)])
    text, warnings = classroom.to_classroom(report)
    data = json.loads(text)
    assert len(data["tests"]) == 2 and any("may differ" in w for w in warnings)
    assert gh.reporter_posted([{"runner": "t", "results": data}]) == (pytest.approx(a), pytest.approx(a + b, abs=1e-6))
