"""The reports `autograd-tutor grade` writes, read back by real consumers:
a JSON Schema written from docs/design.md, junitparser, Gradescope's fields."""

from __future__ import annotations

import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from junitparser import Error, Failure, JUnitXml

from support import run_cli
from tutor.pack import load_pack

# A pack of our own (scaffold + two exercises), so these tests do not move with the built-in pack's content.
EXTRA_EXERCISES = {
    "predict-values": """\
id: predict-values
title: Predict the values
prompt: Set a, b and c.
starter: |
  a = 0.0
  b = 0.0
  c = 0.0
solution: |
  a = 1.0
  b = 2.0
  c = 3.0
checks:
  - kind: value
    expr: a
  - kind: value
    expr: b
  - kind: value
    expr: c
""",
    "keep-hidden-grad": """\
id: keep-hidden-grad
title: Keep a hidden gradient
prompt: Keep h's gradient.
setup: |
  torch.manual_seed(seed)
  x = torch.randn(3, requires_grad=True)
starter: |
  h = x * 2
  y = (h ** 2).sum()
  y.backward()
solution: |
  h = x * 2
  h.retain_grad()
  y = (h ** 2).sum()
  y.backward()
checks:
  - kind: grad
    tensor: h
  - kind: retains_grad
    tensor: h
    points: 2
trials:
  - seed: 0
  - seed: 1
    hidden: true
""",
}


def _make_pack(root: Path) -> Path:
    proc = run_cli("pack", "new", str(root), "--id", "report-pack")
    assert proc.returncode == 0, proc.stderr
    for ex_id, text in EXTRA_EXERCISES.items():
        (root / "exercises" / f"{ex_id}.yaml").write_text(text, encoding="utf-8")
    lesson = root / "lessons" / "01-first-lesson.yaml"
    lesson.write_text(lesson.read_text().replace("  - square-gradient\n",
                                                 "  - square-gradient\n  - predict-values\n  - keep-hidden-grad\n"))
    return root


_PACK_HOME = Path(tempfile.mkdtemp(prefix="agt-report-pack-"))
atexit.register(shutil.rmtree, _PACK_HOME, ignore_errors=True)  # made at import, in every xdist worker
PACK_DIR = _make_pack(_PACK_HOME / "pack")
PACK = load_pack(str(PACK_DIR))
IDS = sorted(PACK.exercises)
TOTAL = sum(e.max_points for e in PACK.exercises.values())
MISSING_ID = "predict-values"
ERROR_ID = "keep-hidden-grad"
RIGHT_ID = "square-gradient"

CHECK_SCHEMA = {
    "type": "object",
    "required": ["name", "passed", "message"],
    "properties": {"name": {"type": "string", "minLength": 1}, "passed": {"type": "boolean"},
                   "message": {"type": "string"}, "score": {"type": "number"}, "max_score": {"type": "number"}},
}
EXERCISE_SCHEMA = {
    "type": "object",
    "required": ["id", "status", "score", "max_score", "checks"],
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
        "status": {"enum": ["passed", "failed", "error", "timeout", "missing"]},
        "score": {"type": "number", "minimum": 0},
        "max_score": {"type": "number", "minimum": 0},
        "checks": {"type": "array", "items": CHECK_SCHEMA},
    },
}
REPORT_SCHEMA = {
    "type": "object",
    "required": ["pack", "score", "max_score", "exercises"],
    "properties": {
        "pack": {"type": "string"},
        "score": {"type": "number", "minimum": 0},
        "max_score": {"type": "number", "minimum": 0},
        "exercises": {"type": "array", "items": EXERCISE_SCHEMA},
        "submission": {"type": "string"},
    },
}
CLASS_SCHEMA = {
    "type": "object",
    "required": ["pack", "submissions"],
    "properties": {"pack": {"type": "string"}, "submissions": {"type": "array", "items": REPORT_SCHEMA}},
}
GRADESCOPE_SCHEMA = {
    "type": "object",
    "required": ["tests"],
    "properties": {
        "score": {"type": "number"},
        "output": {"type": "string"},
        "tests": {"type": "array", "items": {
            "type": "object",
            "required": ["name", "score", "max_score", "output", "visibility"],
            "properties": {
                "name": {"type": "string"}, "score": {"type": "number"}, "max_score": {"type": "number"},
                "output": {"type": "string"}, "status": {"enum": ["passed", "failed"]},
                "visibility": {"enum": ["hidden", "after_due_date", "after_published", "visible"]},
            },
        }},
    },
}


def _write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for ex_id, code in files.items():
        (folder / f"{ex_id}.py").write_text(code, encoding="utf-8")
    return folder


def _solutions() -> dict[str, str]:
    return {e.id: e.solution for e in PACK.exercises.values()}


def _starters() -> dict[str, str]:
    return {e.id: e.starter for e in PACK.exercises.values()}


# alice: everything right; bob: starters, one file missing; carol: one right, one crashing, rest missing
STUDENTS = {
    "alice": _solutions(),
    "bob": {k: v for k, v in _starters().items() if k != MISSING_ID},
    "carol": {RIGHT_ID: _solutions()[RIGHT_ID], ERROR_ID: "raise ValueError('oops')\n"},
}


@pytest.fixture(scope="module")
def cls(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    subs = root / "subs"
    for name, files in STUDENTS.items():
        _write(subs / name, files)
    out = root / "out"
    full = run_cli("grade", str(subs), "--pack", str(PACK_DIR), "--json", str(out / "all.json"), "--junit", str(out / "all.xml"),
                   "--jobs", "2", "--fail-under", "0")
    shards = [run_cli("grade", str(subs), "--pack", str(PACK_DIR), "--shard", f"{k}/2", "--json", str(out / f"shard{k}.json"), "--jobs", "2")
              for k in (1, 2)]
    return {"root": root, "subs": subs, "out": out, "full": full, "shards": shards}


@pytest.fixture(scope="module")
def single(tmp_path_factory):
    """bob alone: one submission, every format, and --fail-under above his score."""
    root = tmp_path_factory.mktemp("single")
    folder = _write(root / "bob", STUDENTS["bob"])
    proc = run_cli("grade", str(folder), "--pack", str(PACK_DIR), "--json", str(root / "r.json"), "--junit", str(root / "r.xml"),
                   "--gradescope", str(root / "gs.json"), "--fail-under", "2", "--jobs", "2")
    return {"root": root, "proc": proc}


def _by_student(report: dict) -> dict[str, dict]:
    return {s["submission"]: s for s in report["submissions"]}


# ------------------------------------------------------------------ JSON


def test_class_json_matches_schema(cls):
    assert cls["full"].returncode == 0, cls["full"].stderr
    report = json.loads((cls["out"] / "all.json").read_text())
    jsonschema.validate(report, CLASS_SCHEMA)
    assert report["pack"] == "report-pack"
    students = _by_student(report)
    assert sorted(students) == sorted(STUDENTS)
    for student in students.values():
        assert sorted(e["id"] for e in student["exercises"]) == IDS
        assert student["max_score"] == pytest.approx(TOTAL)
        assert student["score"] == pytest.approx(sum(e["score"] for e in student["exercises"]))


def test_class_json_statuses(cls):
    students = _by_student(json.loads((cls["out"] / "all.json").read_text()))
    alice = {e["id"]: e for e in students["alice"]["exercises"]}
    assert {e["status"] for e in alice.values()} == {"passed"}
    assert students["alice"]["score"] == pytest.approx(TOTAL)
    bob = {e["id"]: e for e in students["bob"]["exercises"]}
    assert bob[MISSING_ID]["status"] == "missing"
    assert bob[MISSING_ID]["score"] == 0
    assert all(not c["passed"] for c in bob[MISSING_ID]["checks"])
    assert {bob[i]["status"] for i in IDS if i != MISSING_ID} <= {"failed"}
    carol = {e["id"]: e for e in students["carol"]["exercises"]}
    assert carol[RIGHT_ID]["status"] == "passed"
    assert carol[ERROR_ID]["status"] == "error"
    assert "ValueError" in carol[ERROR_ID]["error"]
    assert carol[MISSING_ID]["status"] == "missing"


def test_single_json_is_design_object(single):
    report = json.loads((single["root"] / "r.json").read_text())
    jsonschema.validate(report, REPORT_SCHEMA)
    assert "submissions" not in report
    failing = [e for e in report["exercises"] if e["status"] != "passed"]
    assert failing and all(c["message"] for e in failing for c in e["checks"] if not c["passed"])


# ----------------------------------------------------------------- JUnit


def test_junit_read_by_junitparser(cls):
    xml = JUnitXml.fromfile(str(cls["out"] / "all.xml"))
    suites = list(xml)
    assert len(suites) == len(STUDENTS) * len(IDS)
    checks_per_ex = {e.id: len(e.checks) for e in PACK.exercises.values()}
    report = _by_student(json.loads((cls["out"] / "all.json").read_text()))
    total_failures = total_errors = total_tests = 0
    for suite in suites:
        student, ex_id = suite.name.split(".", 1)
        exercise = {e["id"]: e for e in report[student]["exercises"]}[ex_id]
        cases = list(suite)
        assert len(cases) == checks_per_ex[ex_id] == suite.tests
        failed = [c for c in cases if not c.is_passed]
        assert len(failed) == sum(not c["passed"] for c in exercise["checks"])
        assert suite.failures + suite.errors == len(failed)
        for case in failed:
            (result,) = case.result
            assert isinstance(result, Error if exercise["status"] in ("error", "timeout") else Failure)
            assert result.message, case.name
            assert result.type == exercise["status"]
        if exercise["status"] == "error":
            assert all("ValueError" in (c.result[0].text or "") for c in failed)
        total_tests += suite.tests
        total_failures += suite.failures
        total_errors += suite.errors
    assert xml.tests == total_tests  # junitparser recomputes nothing here: the root's counts
    assert xml.failures == total_failures and xml.errors == total_errors


def test_junit_failure_message_is_the_check_message(single):
    xml = JUnitXml.fromfile(str(single["root"] / "r.xml"))
    report = json.loads((single["root"] / "r.json").read_text())
    messages = {(e["id"], c["name"]): c["message"] for e in report["exercises"] for c in e["checks"]}
    seen = 0
    for suite in xml:
        for case in suite:
            if case.is_passed:
                continue
            seen += 1
            expected = messages[(suite.name, case.name)]
            assert case.result[0].message == expected.strip().splitlines()[0][:300]
            assert expected in case.result[0].text
    assert seen > 0


# ------------------------------------------------------------ Gradescope


def test_gradescope_fields(single):
    data = json.loads((single["root"] / "gs.json").read_text())
    jsonschema.validate(data, GRADESCOPE_SCHEMA)
    report = json.loads((single["root"] / "r.json").read_text())
    assert data["score"] == pytest.approx(report["score"])
    assert len(data["tests"]) == sum(len(e["checks"]) for e in report["exercises"])
    assert sum(t["max_score"] for t in data["tests"]) == pytest.approx(report["max_score"])
    assert sum(t["score"] for t in data["tests"]) == pytest.approx(report["score"])
    for test in data["tests"]:
        assert test["output"], test
        assert 0 <= test["score"] <= test["max_score"]


def test_gradescope_writes_one_results_json_per_student(cls):
    out = cls["root"] / "gradescope"
    proc = run_cli("grade", str(cls["subs"]), "--pack", str(PACK_DIR), "--gradescope", str(out),
                   "--json", str(cls["root"] / "class-gs.json"))
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    report = json.loads((cls["root"] / "class-gs.json").read_text())
    students = {s["submission"]: s for s in report["submissions"]}
    assert sorted(p.name for p in out.iterdir()) == sorted(students)
    for name, student in students.items():
        data = json.loads((out / name / "results.json").read_text())
        jsonschema.validate(data, GRADESCOPE_SCHEMA)
        assert data["score"] == pytest.approx(student["score"])


# ------------------------------------------------------------- shards, merge


def test_shards_and_merge_recover_every_student(cls):
    for proc in cls["shards"]:
        assert proc.returncode == 0, proc.stderr
    shard_students = []
    for k in (1, 2):
        data = json.loads((cls["out"] / f"shard{k}.json").read_text())
        subs = data["submissions"] if "submissions" in data else [data]
        shard_students.append({s["submission"] for s in subs})
    assert not (shard_students[0] & shard_students[1])
    assert shard_students[0] | shard_students[1] == set(STUDENTS)
    merged_path = cls["out"] / "merged.json"
    proc = run_cli("grade", "merge", str(cls["out"] / "shard1.json"), str(cls["out"] / "shard2.json"),
                   "--json", str(merged_path))
    assert proc.returncode == 0, proc.stderr
    merged = json.loads(merged_path.read_text())
    jsonschema.validate(merged, CLASS_SCHEMA)
    full = json.loads((cls["out"] / "all.json").read_text())
    strip = lambda r: {s["submission"]: (s["score"], [(e["id"], e["status"], e["score"]) for e in s["exercises"]])
                       for s in r["submissions"]}
    assert strip(merged) == strip(full)
    assert merged["isolation"] == full["isolation"]  # docs/grading.md: every report records it


def test_bad_shard_spec_is_a_usage_error(cls):
    proc = run_cli("grade", str(cls["subs"]), "--pack", str(PACK_DIR), "--shard", "3/2")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "--shard" in proc.stderr


# -------------------------------------------------------- exit codes, errors


def test_fail_under_exit_codes(cls, single):
    assert cls["full"].returncode == 0  # --fail-under 0: nobody is below
    bob = json.loads((single["root"] / "r.json").read_text())
    assert bob["score"] < 2
    assert single["proc"].returncode == 1, single["proc"].stderr


@pytest.mark.parametrize("kind", ["nonexistent", "a_file"])
def test_unreadable_folder_exits_2_with_one_line(tmp_path, kind):
    target = tmp_path / "nope"
    if kind == "a_file":
        target.write_text("not a folder")
    proc = run_cli("grade", str(target), "--pack", str(PACK_DIR), "--json", str(tmp_path / "r.json"))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    assert str(target) in lines[0]
    assert not (tmp_path / "r.json").exists()


def test_check_records_progress(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text(PACK.exercises[MISSING_ID].starter)
    proc = run_cli("check", MISSING_ID, str(wrong), "--pack", str(PACK_DIR))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    listing = json.loads(run_cli("list", "--json", "--pack", str(PACK_DIR)).stdout)
    status = {e["id"]: e for lesson in listing["lessons"] for e in lesson["exercises"]}
    assert status[MISSING_ID]["status"] == "attempted"
    assert status[MISSING_ID]["attempts"] == 1
    right = tmp_path / "right.py"
    right.write_text(PACK.exercises[MISSING_ID].solution)
    proc = run_cli("check", MISSING_ID, str(right), "--pack", str(PACK_DIR))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "solved" in proc.stdout
    listing = json.loads(run_cli("list", "--json", "--pack", str(PACK_DIR)).stdout)
    status = {e["id"]: e for lesson in listing["lessons"] for e in lesson["exercises"]}
    assert status[MISSING_ID]["status"] == "solved"
    assert status[MISSING_ID]["attempts"] == 2
    assert status[ERROR_ID]["status"] == "new"


def test_a_pass_that_earned_nothing_says_why_in_check_output():
    # found by probing: `pass ... (0/1)` with no reason, though the verdict wrote one (a free check)
    from tutor.grade.report import CheckResult, ExerciseResult, render_exercise

    why = "passes, but code that does nothing passes it too: it earns its points once the exercise's other checks pass."
    result = ExerciseResult("ex", "failed", 0.0, 2.0, [
        CheckResult("value of y", "value", False, "`y` differs", 0.0, 1.0, "c0"),
        CheckResult("inputs", "inputs", True, why, 0.0, 1.0, "c1"),
        CheckResult("earned", "value", True, "", 1.0, 1.0, "c2")])
    text = render_exercise(result)
    assert "  pass  inputs  (0/1)\n        " + why in text
    assert "  pass  earned  (1/1)\n  score" in text


# ---------------------------------------------- folder names a student chose
# Found by a security tester. Each grade here is of the built-in pack's make-a-leaf alone.


def _leaf_points() -> float:
    """make-a-leaf's points, as the built-in pack gives them (a check added changes them)."""
    return load_pack(None).exercise("make-a-leaf").max_points


def _leaf(folder: Path, right: bool) -> Path:
    exercise = load_pack(None).exercise("make-a-leaf")
    return _write(folder, {"make-a-leaf": exercise.solution if right else exercise.starter})


def _grade(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    """``grade ... --exercise make-a-leaf``; output read as bytes a name may hold."""
    full = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "CI_"))}
    return subprocess.run([sys.executable, "-m", "tutor", "grade", *args, "--exercise", "make-a-leaf"], cwd=cwd,
                          env={**full, **(env or {})}, capture_output=True, text=True, errors="surrogateescape",
                          timeout=300)


def _in_actions(out: Path) -> dict:
    (out / "summary.md").write_text("", encoding="utf-8")
    (out / "github_output").write_text("", encoding="utf-8")
    return {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(out / "summary.md"),
            "GITHUB_OUTPUT": str(out / "github_output")}


NOT_UTF8 = os.fsdecode(b"bad\xff\xfename")  # os.fsdecode: the bytes as surrogates


def test_a_folder_name_that_is_not_utf8_is_shown_escaped_in_every_report(tmp_path):
    """It crashed the JUnit writer (UnicodeEncodeError), and no report after it was written."""
    _leaf(tmp_path / "enc" / NOT_UTF8, right=False)
    _leaf(tmp_path / "enc" / "ok", right=True)
    out = tmp_path / "out"
    out.mkdir()
    proc = _grade("enc", "--json", "out/r.json", "--junit", "out/r.xml", "--gradescope", "out/gs", cwd=tmp_path,
                  env=_in_actions(out))
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-3000:]
    shown = "bad\\udcff\\udcfename"  # each byte that is not UTF-8 as the escape of its surrogate
    for path in [p for p in out.rglob("*") if p.is_file()]:
        path.read_bytes().decode("utf-8")  # strict: no surrogate, no byte that is not UTF-8
    report = json.loads((out / "r.json").read_text(encoding="utf-8"))
    assert sorted(s["submission"] for s in report["submissions"]) == [shown, "ok"]
    junit = JUnitXml.fromfile(str(out / "r.xml"))
    cases = {case.classname: case._elem.get("file") for suite in junit for case in suite}
    assert cases == {f"{shown}.make-a-leaf": f"enc/{shown}/make-a-leaf.py", "ok.make-a-leaf": "enc/ok/make-a-leaf.py"}
    assert sorted(p.name for p in (out / "gs").iterdir()) == ["bad_udcff_udcfename", "ok"]
    assert f"::error file=enc/{shown}/make-a-leaf.py," in proc.stdout  # the annotation on the wrong one
    assert sorted(_summary_students(out / "summary.md")) == [shown, "ok"]
    assert f"{shown}: 0 / {_leaf_points():g} points" in proc.stdout

    # one submission: the formats that take one only
    proc = _grade(f"enc/{NOT_UTF8}", "--junit", "out/one.xml", "--classroom", "out/classroom.json",
                  "--prairielearn", "out/pl.json", cwd=tmp_path, env=_in_actions(out))
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-3000:]
    classroom = json.loads((out / "classroom.json").read_text(encoding="utf-8"))
    assert {t["filename"] for t in classroom["tests"]} == {f"enc/{shown}/make-a-leaf.py"}
    assert json.loads((out / "pl.json").read_text(encoding="utf-8"))["score"] == 0
    assert "result=" in (out / "github_output").read_text(encoding="utf-8")
    ET.parse(out / "one.xml")


LONG = "x" * 200
# name -> right. The alice look-alikes showed as "alice" (in the job summary "alice " too), the long
# two as one (cut at 200 characters), and bob_smith.'s Gradescope folder was bob_smith's.
LOOK_ALIKE = {"alice": False, "alice\u202e": True, "alice\x01": True, "alice\x1b[0m": True, "alice ": True,
              LONG + "a": True, LONG + "b": False, "bob_smith": True, "bob_smith.": False}


@pytest.fixture(scope="module")
def look_alike(tmp_path_factory):
    root = tmp_path_factory.mktemp("look-alike")
    for name, right in LOOK_ALIKE.items():
        _leaf(root / "dup" / name, right)
    out = root / "out"
    out.mkdir()
    proc = _grade("dup", "--json", "out/dup1.json", "--gradescope", "out/gs", cwd=root, env=_in_actions(out))
    return {"root": root, "out": out, "proc": proc}


def _scores(path: Path) -> dict[str, float]:
    return {s["submission"]: s["score"] for s in json.loads(path.read_text(encoding="utf-8"))["submissions"]}


def test_no_two_folders_show_under_one_name(look_alike):
    proc, out = look_alike["proc"], look_alike["out"]
    assert proc.returncode == 0, proc.stderr[-3000:]
    scores = _scores(out / "dup1.json")
    assert len(scores) == len(LOOK_ALIKE)  # (a dict: two alike would be one)
    for name, shown in [("alice", "alice"), ("alice\u202e", "alice\\u202e"), ("alice\x01", "alice\\x01"),
                        ("alice\x1b[0m", "alice\\x1b[0m"), ("alice ", "alice\\x20")]:
        assert scores[shown] == (_leaf_points() if LOOK_ALIKE[name] else 0), shown
    long = sorted((s for s in scores if s.startswith(LONG[:100])), key=lambda s: scores[s])
    assert len(long) == 2 and [scores[s] for s in long] == [0, _leaf_points()] and all(len(s) <= 200 for s in long)
    heads = [m.group(1) for m in re.finditer(r"^(.*): \d+ / \d+ points$", proc.stdout, re.MULTILINE)]
    assert sorted(heads) == sorted(scores)  # the terminal
    assert sorted(_summary_students(out / "summary.md")) == sorted(scores)  # the job summary


def _summary_students(path: Path) -> list[str]:
    """The first cell of each row of the job summary's table, as GitHub's Markdown shows it."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("gfm-like").parse(path.read_text(encoding="utf-8"))
    cells = [tokens[i + 1] for i, t in enumerate(tokens) if t.type == "td_open" and tokens[i - 1].type == "tr_open"]
    return ["".join(c.content for c in cell.children if c.type in ("text", "text_special")).replace("\u200b", "")
            for cell in cells]


def test_resume_skips_a_student_only_for_the_very_same_folder(look_alike):
    """``--resume`` matched names as shown: a report holding a look-alike's verdict handed it over."""
    root, out = look_alike["root"], look_alike["out"]
    assert look_alike["proc"].returncode == 0
    clean = (out / "dup1.json").read_bytes()
    proc = _grade("dup", "--resume", "out/dup1.json", "--json", "out/dup2.json", cwd=root)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (out / "dup2.json").read_bytes() == clean
    # a report of the right look-alikes only: the wrong students are graded, not given their verdicts
    data = json.loads(clean)
    data["submissions"] = [s for s in data["submissions"] if s["score"] == _leaf_points()]
    data["partial"] = True
    (out / "right-only.json").write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    proc = _grade("dup", "--resume", "out/right-only.json", "--json", "out/dup3.json", cwd=root)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert _scores(out / "dup3.json") == _scores(out / "dup1.json")
    assert (out / "dup3.json").read_bytes() == clean


def test_gradescope_gives_each_student_a_folder_of_their_own(look_alike):
    """``bob_smith.`` was written to ``bob_smith/``, over bob_smith's results."""
    proc, out = look_alike["proc"], look_alike["out"]
    assert proc.returncode == 0, proc.stderr[-3000:]
    scores = _scores(out / "dup1.json")
    folders = sorted((out / "gs").iterdir())
    assert len(folders) == len(scores)
    got = sorted(json.loads((f / "results.json").read_text(encoding="utf-8"))["score"] for f in folders)
    assert got == sorted(scores.values())
    assert json.loads((out / "gs" / "bob_smith" / "results.json").read_text(encoding="utf-8"))["score"] == _leaf_points()
    assert json.loads((out / "gs" / "alice" / "results.json").read_text(encoding="utf-8"))["score"] == 0
    renamed = "\n".join(line for line in proc.stderr.splitlines() if "--gradescope" in line)
    assert "bob_smith." in renamed, proc.stderr  # said where its results went
    assert "gs/bob_smith/" not in renamed and "gs/alice/" not in renamed  # names kept are not mentioned
