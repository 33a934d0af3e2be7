"""A learner's file as Python reads it (NOTE [source as Python reads it],
tutor/sourcefile.py), and code that does not compile said in full on hidden
trials too (NOTE [code that does not compile], tutor/grade/feedback.py).

Found by grading every built-in reference saved the ways editors save:
with a UTF-8 byte order mark (Windows Notepad) each scored 0 with "invalid
non-printable character U+FEFF"; CRLF, tabs, a main guard and a final
`sys.exit(0)` all passed. A typo on an exercise of hidden trials only (nine
of the built-in pack's, the predict-* ones) read "on a hidden trial, your
code raised an exception" and nothing more."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import make_exercise, run_cli

from tutor import sourcefile
from tutor.grade.grader import Grader, Submission
from tutor.pack import load_pack
from tutor.workspace import WorkspaceFile

PACK = load_pack(None)
VJP = PACK.exercise("predict-the-vjp")  # every trial hidden
GBK_COMMENT = "# 预测：先写下 J，再写 grad_x\n"


def _saved_ways(solution: str) -> dict[str, bytes]:
    """The reference as editors save it."""
    return {
        "bom": b"\xef\xbb\xbf" + solution.encode(),
        "bom_crlf": b"\xef\xbb\xbf" + solution.replace("\n", "\r\n").encode(),
        "gbk_comment": (GBK_COMMENT + solution).encode("gbk"),  # no coding line: Python itself refuses it
        "gbk_declared": ("# -*- coding: gbk -*-\n" + GBK_COMMENT + solution + "print('完成')\n").encode("gbk"),
    }


def test_decode_reads_what_python_reads():
    assert sourcefile.decode(b"\xef\xbb\xbfx = 1\n") == "x = 1\n"
    declared = "# coding: gbk\ns = '完成'\n"
    assert sourcefile.decode(declared.encode("gbk")) == declared
    assert sourcefile.decode("# 注释\nx = 1\n".encode("gbk")).endswith("\nx = 1\n")  # U+FFFD in the comment
    assert sourcefile.decode(b"# coding: no-such-codec\nx = 1\n") == "# coding: no-such-codec\nx = 1\n"


def test_grade_scores_a_file_however_the_editor_saved_it(tmp_path):
    klass = tmp_path / "class"
    for student, data in _saved_ways(VJP.solution).items():
        (klass / student).mkdir(parents=True)
        (klass / student / f"{VJP.id}.py").write_bytes(data)
    report = tmp_path / "grades.json"
    done = run_cli("grade", str(klass), "--exercise", VJP.id, "--json", str(report), "--jobs", "1", timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    scores = {s["submission"]: (s["score"], s["max_score"]) for s in json.loads(report.read_text())["submissions"]}
    assert scores == {student: (VJP.max_points, VJP.max_points) for student in _saved_ways("")}, scores


def test_check_reads_the_file_as_grade_does(tmp_path):
    path = tmp_path / f"{VJP.id}.py"
    path.write_bytes(_saved_ways(VJP.solution)["gbk_declared"])
    done = run_cli("check", VJP.id, str(path), timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "solved" in done.stdout and "cannot read" not in done.stderr


def test_a_workspace_file_in_another_encoding_opens_and_is_kept_byte_for_byte(tmp_path):
    raw = (GBK_COMMENT + "J = 1\n").encode("gbk")
    path = tmp_path / "ws" / "ex.py"
    path.parent.mkdir()
    path.write_bytes(raw)
    workspace = WorkspaceFile(path, tmp_path / "history")
    assert workspace.load("starter\n").endswith("J = 1\n")  # the editor opens it
    (kept,) = workspace.history()
    assert kept.read_bytes() == raw  # saving UTF-8 over it loses nothing
    path.write_bytes(b"\xef\xbb\xbfJ = 2\n")
    assert workspace.changed_on_disk() in (None, "J = 2\n")  # same second: the stamp may not move
    assert workspace.load("starter\n") == "J = 2\n"
    assert len(workspace.history()) == 1  # a BOM alone is no other encoding


SETUP = "torch.manual_seed(seed)\nx = torch.randn(3)\n"
HIDDEN = [{"seed": 0, "hidden": True}, {"seed": 1, "hidden": True}]


@pytest.fixture(scope="module")
def graded():
    exercise = make_exercise("typo", SETUP, "y = x * 2\n", [{"kind": "value", "expr": "y"}], trials=HIDDEN)
    codes = {
        "typo": "y = (x * 2\n",
        "indent": "if True:\ny = x * 2\n",
        "outside": "y = x * 2\nreturn y\n",  # found by compile(), not by the parser
        # A SyntaxError the code raises itself, with a hidden input in it:
        # the run's report of it is the code's to write, and stays hidden.
        "raised": "y = x * 2\nraise SyntaxError(f'{x.tolist()}')\n",
    }
    with Grader(jobs=1, timeout=30) as grader:
        results = grader.grade([Submission(exercise, code) for code in codes.values()])
    return dict(zip(codes, results))


@pytest.mark.parametrize("case, kind, line", [("typo", "SyntaxError", 1), ("indent", "IndentationError", 2),
                                              ("outside", "SyntaxError", 2)])
def test_code_that_does_not_compile_says_where_on_hidden_trials(graded, case, kind, line):
    result = graded[case]
    assert result.status == "error" and result.score == 0
    assert result.line == line
    assert result.error.startswith('  File "<your code>", line') and kind in result.error, result.error
    check = result.checks[0]  # the value check (the inputs check, added to every exercise, passes)
    assert not check.hidden and check.message == f"your code does not compile ({kind} at line {line}), so none " \
                                                 "of it ran.", check.message


def test_a_syntax_error_the_code_raises_stays_hidden(graded):
    result = graded["raised"]
    assert result.status == "error"
    # NOTE [an error every trial raised alike] (feedback.py): its type and line, never its message
    assert result.error.startswith("on every trial, your code raised SyntaxError at line 2 "), result.error
    assert "[" not in result.error and "." not in result.error.split("(")[0], result.error
    assert result.line is None and result.checks[0].passed
