"""The line REPL through a pipe: %check judges what `check` judges, natural
guesses at help or quitting get an answer, SyntaxErrors show only the cell."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tutor.repl_input import guess, iter_cells

SOLVED = re.compile(r"score (\d+)/\1: solved")  # full marks, whatever the exercise's checks


def run_repl(stdin: str, home: Path, *args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, AUTOGRAD_TUTOR_HOME=str(home), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "tutor", "--device", "cpu", "repl", *args],
                          input=stdin, capture_output=True, text=True, env=env, timeout=timeout)


def run_cli(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, AUTOGRAD_TUTOR_HOME=str(home), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, env=env,
                          timeout=240)


def test_guesses_are_recognised_and_code_is_not():
    for text in ("help", ":help", "?", ":h", "help()", "%?"):
        assert guess(text) == ("help", ""), text
    for text in ("exit", "quit()", ":q", "%quit"):
        assert guess(text) == ("quit", ""), text
    assert guess("x.grad?") == ("ask", "x.grad")
    for text in ("help(torch.exp)", "x = 1", "a ? b", "helper", "exit_code = 1"):
        assert guess(text) is None, text
    assert list(iter_cells(["x = 1", ":help", "exit"])) == ["x = 1", ":help", "exit"]


def test_help_guesses_get_one_line_and_exit_leaves(tmp_path: Path) -> None:
    done = run_repl(":help\nhelp\n?\nx?\nexit\nprint('not reached')\n", tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 4, done.stdout
    assert all("%help" in line for line in lines[:3])
    assert "help(x)" in lines[3]
    assert "not reached" not in done.stdout
    assert "SyntaxError" not in done.stderr and "Traceback" not in done.stderr


def test_a_syntax_error_shows_the_cell_not_the_parser(tmp_path: Path) -> None:
    done = run_repl("x = = 1\nprint('after')\n", tmp_path)
    assert "SyntaxError" in done.stderr
    assert 'File "<cell 1>"' in done.stderr
    assert "ast.py" not in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == "after\n"


def test_check_passes_a_raises_exercise_and_saves_the_workspace_file(tmp_path: Path) -> None:
    """The reference solution ends with the RuntimeError the exercise asks
    for; a typo before it (a NameError) does not count against it."""
    cells = "s.add_(1)\nlss.backward()\nloss.backward()\n%check\n"
    done = run_repl(cells, tmp_path, "--exercise", "trigger-the-version-check")
    assert SOLVED.search(done.stdout), done.stdout + done.stderr  # every check, the inputs one too
    saved = tmp_path / "workspace" / "builtin" / "trigger-the-version-check.py"
    assert saved.read_text() == "s.add_(1)\nloss.backward()\n"
    listed = json.loads(run_cli(tmp_path, "list", "--json").stdout)
    status = {ex["id"]: ex["status"] for lesson in listed["lessons"] for ex in lesson["exercises"]}
    assert status["trigger-the-version-check"] == "solved"
    assert listed["current"] == "trigger-the-version-check"
    again = run_cli(tmp_path, "check")  # the current exercise, its workspace file
    assert again.returncode == 0, again.stdout + again.stderr
    assert again.stdout.startswith("trigger-the-version-check") and SOLVED.search(again.stdout)
