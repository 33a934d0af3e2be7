"""`grade --gradescope`: Gradescope's results.json, validated against a JSON
Schema written from its documentation (schemas/gradescope-results.schema.json):
visibility for checks failed on hidden trials only, Markdown outputs that
submission text cannot turn into markup, execution_time."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import platform_consumers as gh
import platform_grades as pg
import pytest

from tutor.reports import gradescope

SCHEMA = json.loads((Path(__file__).parent / "schemas" / "gradescope-results.schema.json").read_text())


@pytest.fixture(scope="module", params=["honest", "hostile", "partial"])
def graded(request):
    run = pg.single(request.param)
    assert run["proc"].returncode == 0, run["proc"].stderr[-3000:]
    return {**run, "name": request.param, "report": json.loads((run["out"] / "r.json").read_text()),
            "results": json.loads((run["out"] / "gs.json").read_text(encoding="utf-8"))}


def test_results_match_the_schema_and_the_report(graded):
    results, report = graded["results"], graded["report"]
    jsonschema.validate(results, SCHEMA)
    assert results["score"] == pytest.approx(report["score"])
    assert isinstance(results["execution_time"], (int, float)) and results["execution_time"] >= 0
    checks = [(e, c) for e in report["exercises"] for c in e["checks"]]
    assert len(results["tests"]) == len(checks)
    for test, (exercise, check) in zip(results["tests"], checks):
        assert test["name"] == f"{exercise['id']}: {check['name']}"
        assert test["score"] == pytest.approx(check["score"]) and test["max_score"] == pytest.approx(check["max_score"])
        assert test["status"] == ("passed" if check["passed"] else "failed")
        assert test["output_format"] == "md" and test["output"]


def test_checks_failed_on_hidden_trials_only_wait_for_the_due_date(graded):
    checks = [c for e in graded["report"]["exercises"] for c in e["checks"]]
    for test, check in zip(graded["results"]["tests"], checks):
        hidden_only = bool(check.get("hidden")) and not check["passed"]
        assert test["visibility"] == (gradescope.HIDDEN_VISIBILITY if hidden_only else "visible")
    if graded["name"] == "hostile":  # right on the visible trial, wrong on the hidden one
        kept = [t for t, c in zip(graded["results"]["tests"], checks)
                if t["name"].startswith("keep-hidden-grad") and not c["passed"]]
        assert kept and all(t["visibility"] == "after_due_date" for t in kept)


def test_outputs_render_as_text_only(graded):
    for test in graded["results"]["tests"]:
        tokens = list(gh.all_tokens(gh.markdown_tokens(test["output"])))
        found = {t.type for t in tokens}
        assert not found & (gh.MARKUP | {"heading_open", "table_open"}), (test["name"], found)
    if graded["name"] == "hostile":
        square = next(t for t in graded["results"]["tests"] if t["name"].startswith("square-gradient"))
        shown = "".join(t.content for t in gh.all_tokens(gh.markdown_tokens(square["output"])) if t.type == "text")
        assert "pwned" in shown and "<script>" in shown  # shown as the text it is


def test_the_schema_can_fail():
    for bad in ({"tests": [{"name": "x"}]}, {"score": 1, "tests": [{"score": 1, "visibility": "later"}]},
                {"score": 1, "output_format": "markdown"}, {"score": 1, "tests": [{"score": 1, "outptu": ""}]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, SCHEMA)


def test_each_student_of_a_class_gets_a_folder_of_their_own():
    """``bob_smith.`` was written to ``bob_smith/``, over bob_smith's results (found by a security tester)."""
    names = ["bob_smith.", "bob_smith", "Bob_Smith", "bob smith", "bob_smith_2", "...", "submission", "\u00e9" * 150]
    folders = gradescope.student_folders(names)
    for kept in ("bob_smith", "bob_smith_2", "submission"):
        assert folders[kept] == kept  # a name that is a folder name already keeps it
    assert len({folder.casefold() for folder in folders.values()}) == len(names)  # a case-insensitive disk too
    assert all(len(f.encode("utf-8")) <= 210 and f == f.strip(".") and f for f in folders.values())
