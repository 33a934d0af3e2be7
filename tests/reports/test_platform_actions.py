"""GitHub Actions (GITHUB_ACTIONS=true): annotations read back as the runner
reads workflow commands, and the job summary parsed as Markdown
(platform_consumers.py cites the sources)."""

from __future__ import annotations

import json
import re

import platform_consumers as gh
import platform_grades as pg
import pytest

from tutor.grade import sanitize
from tutor.grade.report import CheckResult, ExerciseResult, GradeReport
from tutor.reports import actions


@pytest.fixture(scope="module")
def hostile():
    run = pg.single("hostile")
    assert run["proc"].returncode == 0, run["proc"].stderr[-3000:]
    return {**run, "report": json.loads((run["out"] / "r.json").read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def klass():
    run = pg.klass()
    assert run["proc"].returncode == 0, run["proc"].stderr[-3000:]
    data = json.loads((run["out"] / "r.json").read_text(encoding="utf-8"))
    return {**run, "report": data, "by_name": {s["submission"]: s for s in data["submissions"]}}


def _summary(run) -> str:
    text = (run["out"] / "summary.md").read_text(encoding="utf-8")
    assert text.startswith("earlier step text\n")  # appended to what the step wrote before
    return text[len("earlier step text\n"):]


def _annotations(proc):
    commands = gh.commands_in(proc.stdout)
    assert gh.commands_in(proc.stderr) == []
    return commands


# ------------------------------------------------------------- annotations


def test_one_annotation_per_exercise_not_passed_on_its_file_and_line(hostile):
    commands = _annotations(hostile["proc"])
    failing = [e for e in hostile["report"]["exercises"] if e["status"] != "passed"]
    assert [c[0] for c in commands] == ["error"] * len(failing) and len(failing) == 4
    for (name, props, data), exercise in zip(commands, failing):
        assert set(props) <= {"file", "line", "title"}
        assert props["file"] == f"hostile/{exercise['id']}.py"  # relative to GITHUB_WORKSPACE
        assert props.get("line") == (str(exercise["line"]) if exercise.get("line") else None)
        assert props["title"] == f"{exercise['id']}: {exercise['status']} ({exercise['score']:g}/{exercise['max_score']:g})"
        assert data.strip()
    lines = {props["file"]: props.get("line") for _, props, _ in commands}
    assert lines["hostile/square-gradient.py"] == "2" and lines["hostile/predict-values.py"] == "6"


def test_annotation_text_is_the_submission_text_made_inert(hostile):
    """What the code raised reaches the annotation, unescaped by the runner into the same text
    (the toolkit's escaping, reimplemented, gives the same line), and never a command of its own."""
    raw = [line for line in gh.runner_lines(hostile["proc"].stdout) if line.startswith("::error ")]
    commands = _annotations(hostile["proc"])
    square = next(data for _, props, data in commands if props["file"].endswith("square-gradient.py"))
    assert "pwned" in square and "%0A::error::encoded" in square  # a literal %0A stays literal
    assert "\x1b" not in square and "\udc80" not in square
    for line, (name, props, data) in zip(raw, commands):
        rebuilt = "::error " + ",".join(f"{k}={gh.toolkit_escape_property(v)}" for k, v in props.items()) \
                  + "::" + gh.toolkit_escape_data(data)
        assert rebuilt == gh.IGNORABLE.sub("", line)  # (what the reimplemented runner reads: no invisible character)
        assert "\n" not in line and "\r" not in line
    # every other line of the log is no command at all
    others = [line for line in gh.runner_lines(hostile["proc"].stdout) if not line.startswith("::error ")]
    assert [line for line in others if gh.runner_command(line)] == []


# The first characters of a message that .NET's culture-sensitive search would
# not let the separator end before: combining marks (Extend), a spacing mark, an
# enclosing mark, a halfwidth voiced mark, the zero-width joiner, a variation
# selector; and a few that are not, for contrast.
GRAPHEME_EXTENDERS = ["\u0301", "\u0903", "\u20dd", "\uff9e", "\u200d", "\ufe0f", "\u093f", "\U000e0020"]


@pytest.mark.skipif(not gh.icu_search.available(), reason="no libicu to read the log as .NET on Linux does")
def test_the_runner_reading_skips_a_separator_followed_by_a_combining_mark():
    """The reader is the runner's: ICU refuses a "::" that a mark after it joins to (icu_search.py)."""
    assert gh.icu_search.index_of("ab::cd::ef", "::", 2) == 2
    assert gh.icu_search.index_of("ab::\u0301cd::ef", "::", 2) == 7
    assert gh.icu_search.index_of("ab::> \u0301cd::ef", "::", 2) == 2
    # .NET's rules leave out UAX #29's "CR LF" rule, so "\n" is found inside "\r\n" as on Windows
    # (dotnet/runtime#43736): the default rules, without .NET's, would say -1
    assert gh.icu_search.index_of("\r\n", "\n") == 1


@pytest.mark.skipif(not gh.icu_search.available(), reason="no libicu to read the log as .NET on Linux does")
@pytest.mark.parametrize("lead", GRAPHEME_EXTENDERS)
def test_a_message_cannot_move_the_separator_to_forge_properties(lead):
    """NOTE [the separator the runner finds]: an error whose text begins with a mark (a traceback cut
    there by a long comment) and goes on like properties stays the message of its own file."""
    forged = f"{lead},file=alice/pv.py,line=1,title=alice/pv: failed (0/2)::copied from mallory"
    exercise = ExerciseResult("pv", "error", 1.0, 2.0, [CheckResult("c", "value", False, "no", 0, 1)],
                              error=forged, line=2)
    ordinary = ExerciseResult("pv", "error", 1.0, 2.0, error="ValueError: x", line=2)

    def read(ex):
        (command,) = gh.commands_in("\n".join(actions.annotations([GradeReport("p", [ex], submission="mallory")],
                                                                   {}, None)))
        return command  # both readings agree (runner_command)

    name, props, data = read(exercise)
    assert (name, props) == read(ordinary)[:2]
    assert props["line"] == "2" and props["title"] == "mallory/pv: error (1/2)" and "alice" not in props["file"]
    assert "alice" in data and "copied from mallory" in data
    assert read(ordinary)[2] == "ValueError: x"  # a message that starts plainly is left as it is


def test_at_most_ten_annotations_and_a_note_for_the_rest(klass):
    commands = _annotations(klass["proc"])
    failing = [(s, e) for s in klass["report"]["submissions"] for e in s["exercises"] if e["status"] != "passed"]
    assert len(failing) == 11
    assert [c[0] for c in commands] == ["error"] * 10 + ["notice"]
    assert "1 more" in commands[-1][2]
    for (_, props, _), (student, exercise) in zip(commands[:10], failing):
        assert props["file"] == f"class/{pg.folder_name(student['submission'])}/{exercise['id']}.py"
        assert props["title"].startswith(f"{student['submission']}/{exercise['id']}: ")
    hostile_titles = [props["title"] for _, props, _ in commands[:10] if props["title"].startswith("mal|")]
    # the name as every report shows it (NOTE [names shown apart]: the "#" of "##[" escaped)
    assert hostile_titles and all(sanitize.visible(pg.HOSTILE_NAME) in t for t in hostile_titles)


def test_nothing_to_annotate_when_every_exercise_passed():
    run = pg.single("honest")
    assert run["proc"].returncode == 0
    assert _annotations(run["proc"]) == []


# ----------------------------------------------------------------- summary


def _assert_plain(markdown: str) -> None:
    """No markup but the summary's own: its one heading and its table."""
    tokens = list(gh.all_tokens(gh.markdown_tokens(markdown)))
    found = {t.type for t in tokens}
    assert not found & gh.MARKUP, found & gh.MARKUP
    assert sum(t.type == "heading_open" for t in tokens) <= 1


def test_summary_of_one_submission_is_a_table_submission_text_cannot_break(hostile):
    text = _summary(hostile)
    _assert_plain(text)
    (table,) = gh.tables(text)
    assert table["head"] == ["Exercise", "Status", "Points", "Line", "What to fix"]
    exercises = hostile["report"]["exercises"]
    assert len(table["rows"]) == len(exercises)
    for row, exercise in zip(table["rows"], exercises):
        assert len(row) == 5
        cells = [gh.cell_text(c) for c in row]
        assert cells[0] == exercise["id"]
        assert exercise["status"] in cells[1]
        assert cells[2] == f"{exercise['score']:g} / {exercise['max_score']:g}"
        assert cells[3] == (str(exercise["line"]) if exercise.get("line") else "")
        if exercise["status"] == "passed":
            assert cells[4] == ""
        else:
            assert cells[4]
    square = gh.cell_text(table["rows"][0][4])
    expected = re.sub(r"\s+", " ", exercises[0]["error"]).strip().replace("\u200b", "")
    assert square.rstrip("\u2026") == expected[: len(square.rstrip("\u2026"))] and len(square) <= 200
    assert "pwned" in square and "<script>" not in text


def test_summary_of_a_class_has_totals_and_a_line_per_student(klass):
    text = _summary(klass)
    _assert_plain(text)
    assert "a class of 4" in text and "1 of 4 students passed every exercise" in text
    (table,) = gh.tables(text)
    assert table["head"] == ["Student", "Points", "Exercises passed", "Not yet"]
    students = klass["report"]["submissions"]
    assert len(table["rows"]) == len(students) == 4
    for row, student in zip(table["rows"], students):
        assert len(row) == 4
        cells = [gh.cell_text(c) for c in row]
        assert cells[0] == re.sub(r"\s+", " ", student["submission"]).strip()
        assert cells[1] == f"{student['score']:g} / {student['max_score']:g}"
        passed = sum(e["status"] == "passed" for e in student["exercises"])
        assert cells[2] == f"{passed} / {len(student['exercises'])}"
        assert cells[3] == ", ".join(e["id"] for e in student["exercises"] if e["status"] != "passed")


def test_summary_of_a_large_class_stays_under_its_budget():
    name = pg.HOSTILE_NAME * 3
    exercises = [ExerciseResult(f"exercise-{i}", "failed", 0.0, 1.0, [CheckResult("c", "value", False, "no", 0, 1)])
                 for i in range(30)]
    reports = [GradeReport("p", exercises, submission=f"{name}{n}") for n in range(3000)]
    room = 256 * 1024
    text = actions.summary(reports, room)
    assert len(text.encode("utf-8")) <= room
    assert re.search(r"\n\d+ more students are in the JSON report", text)
    _assert_plain(text)
    (table,) = gh.tables(text)
    assert 0 < len(table["rows"]) < 3000 and all(len(r) == 4 for r in table["rows"])


def test_the_summary_leaves_room_for_what_the_step_wrote(tmp_path):
    path = tmp_path / "summary.md"
    path.write_bytes(b"x" * (actions.STEP_SUMMARY_LIMIT - 2048))
    assert actions.room_left(str(path)) == 0
    assert actions.summary([GradeReport("p", [])], 0) == ""
