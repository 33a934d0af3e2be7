"""`grade --prairielearn`: PrairieLearn's external-grader results.json,
validated against a JSON Schema written from its documentation
(schemas/prairielearn-results.schema.json)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import platform_grades as pg
import pytest

from tutor.reports import prairielearn

SCHEMA = json.loads((Path(__file__).parent / "schemas" / "prairielearn-results.schema.json").read_text())


@pytest.fixture(scope="module", params=["honest", "hostile", "partial"])
def graded(request):
    run = pg.single(request.param)
    assert run["proc"].returncode == 0, run["proc"].stderr[-3000:]
    path = run["out"] / "grade" / "results" / "results.json"  # the folder did not exist: grade made it
    return {**run, "name": request.param, "report": json.loads((run["out"] / "r.json").read_text()),
            "results": json.loads(path.read_text(encoding="utf-8")), "size": path.stat().st_size}


def test_results_match_the_schema_and_the_score(graded):
    results, report = graded["results"], graded["report"]
    jsonschema.validate(results, SCHEMA)
    assert results["gradable"] is True
    assert results["score"] == pytest.approx(report["score"] / report["max_score"], abs=1e-6)
    assert 0 <= results["score"] <= 1
    assert graded["size"] <= prairielearn.MAX_BYTES  # PrairieLearn: "limited to 1 MB"
    checks = [(e, c) for e in report["exercises"] for c in e["checks"]]
    assert len(results["tests"]) == len(checks)
    for test, (exercise, check) in zip(results["tests"], checks):
        assert test["name"] == f"{exercise['id']}: {check['name']}"
        assert test["points"] == pytest.approx(check["score"]) and test["max_points"] == pytest.approx(check["max_score"])
        assert 0 <= test["points"] <= test["max_points"]
        assert test["message"]
    assert sum(t["points"] for t in results["tests"]) == pytest.approx(report["score"], abs=1e-4)  # each rounded to 6 places
    if graded["name"] == "honest":
        assert results["score"] == 1.0


def test_hostile_text_is_data():
    run = pg.single("hostile")
    path = run["out"] / "grade" / "results" / "results.json"
    graded = {"results": json.loads(path.read_text(encoding="utf-8"))}
    text = path.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\\u001b" not in text and "\x01" not in text
    square = [t for t in graded["results"]["tests"] if t["name"].startswith("square-gradient")]
    assert "pwned" in square[0]["output"] and all(len(t["output"]) <= 2100 for t in graded["results"]["tests"])


@pytest.fixture(scope="module")
def unreadable(tmp_path_factory):
    """A symlink, a FIFO and a folder where files belong: nothing to grade."""
    base = tmp_path_factory.mktemp("pl-unreadable")
    student = base / "student"
    student.mkdir()
    (student / "square-gradient.py").symlink_to("/etc/passwd")
    os.mkfifo(student / "predict-values.py")
    (student / "many-values.py").mkdir()
    (student / "keep-hidden-grad.py").write_text("h = x * 2\n")
    out = base / "grade" / "results" / "results.json"
    proc = pg.run(["grade", str(student), "--pack", str(pg.pack()), "--prairielearn", str(out)], cwd=base)
    return proc, out


def test_an_unreadable_submission_is_not_gradable(unreadable):
    proc, out = unreadable
    assert proc.returncode == 0, proc.stderr
    results = json.loads(out.read_text())
    jsonschema.validate(results, SCHEMA)
    assert results["gradable"] is False and "score" not in results
    errors = results["format_errors"]
    assert isinstance(errors, list) and len(errors) == 3
    assert any("square-gradient.py is a symbolic link" in e for e in errors)
    assert any("predict-values.py is not a regular file" in e for e in errors)
    assert any("many-values.py is not a regular file" in e for e in errors)
    assert "root:x:0:0" not in out.read_text()


def test_a_missing_folder_is_not_gradable_and_exits_2(tmp_path):
    out = tmp_path / "grade" / "results" / "results.json"
    proc = pg.run(["grade", str(tmp_path / "student"), "--pack", str(pg.pack()), "--prairielearn", str(out)],
                  cwd=tmp_path)
    assert proc.returncode == 2
    assert len([line for line in proc.stderr.splitlines() if line.strip()]) == 1 and "Traceback" not in proc.stderr
    results = json.loads(out.read_text())
    jsonschema.validate(results, SCHEMA)
    assert results["gradable"] is False and "nothing was submitted" in results["format_errors"][0]


def test_an_empty_folder_is_not_gradable(tmp_path):
    (tmp_path / "student").mkdir()
    out = tmp_path / "results.json"
    proc = pg.run(["grade", str(tmp_path / "student"), "--pack", str(pg.pack()), "--prairielearn", str(out)],
                  cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    results = json.loads(out.read_text())
    assert results["gradable"] is False and results["format_errors"][0].startswith("no file was submitted")


def test_a_class_folder_is_refused(tmp_path):
    out = tmp_path / "results.json"
    proc = pg.run(["grade", str(pg.klass()["subs"]), "--pack", str(pg.pack()), "--prairielearn", str(out)],
                  cwd=tmp_path)
    assert proc.returncode == 2 and "--prairielearn grades one submission" in proc.stderr
    assert not out.exists()


def test_the_schema_can_fail():
    for bad in ({"score": 1.5}, {"gradable": True}, {"score": 0.5, "format_errors": 3},
                {"score": 0.5, "tests": [{"points": "1"}]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, SCHEMA)
    jsonschema.validate({"gradable": False, "format_errors": "one string"}, SCHEMA)
