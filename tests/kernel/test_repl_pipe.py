"""The REPL driven through a pipe, as a script would use it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.repl_input import iter_cells, should_submit


def run_repl(stdin: str, tmp_path: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, AUTOGRAD_TUTOR_HOME=str(tmp_path), NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "tutor", "--device", "cpu", "repl", *args],
        input=stdin, capture_output=True, text=True, env=env, timeout=timeout,
    )  # fmt: skip


def test_results_and_output_are_printed(tmp_path: Path) -> None:
    script = "x = torch.ones(2, requires_grad=True)\ny = (x * 3).sum()\ny\nfor i in range(2):\n    print(i)\nprint('end')\n"
    done = run_repl(script, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "tensor(6., grad_fn=<SumBackward0>)\n0\n1\nend\n"


def test_an_error_shows_the_learners_line_and_sets_the_status(tmp_path: Path) -> None:
    done = run_repl("a = 1\n1 / 0\nprint(a + 1)\n", tmp_path)
    assert done.returncode == 1
    assert 'File "<cell 2>", line 1' in done.stderr and "1 / 0" in done.stderr
    assert "ZeroDivisionError" in done.stderr
    assert done.stdout == "2\n"  # later cells still run


def test_magics_in_a_pipe(tmp_path: Path) -> None:
    done = run_repl("%help\n%nonsense\n", tmp_path)
    assert "%graph [name]" in done.stdout
    assert "unknown command %nonsense" in done.stderr
    assert done.returncode == 1


def test_exercise_setup_runs_and_hint_shows(tmp_path: Path) -> None:
    from tutor.pack import load_pack

    exercise = next(iter(load_pack(None).exercises.values()))
    done = run_repl("%hint\nsorted(k for k in globals() if not k.startswith('_'))\n", tmp_path, "--exercise", exercise.id)
    assert done.returncode == 0, done.stderr
    if exercise.hints:
        assert done.stdout.startswith("Hint 1/")
    assert "'torch'" in done.stdout and "'seed'" in done.stdout


def test_unknown_exercise_is_one_line(tmp_path: Path) -> None:
    done = run_repl("1\n", tmp_path, "--exercise", "no-such-exercise")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "no-such-exercise" in done.stderr


def test_crash_in_a_pipe_is_reported_and_the_next_cell_runs(tmp_path: Path) -> None:
    done = run_repl("import os\nos._exit(1)\nprint('after', 40 + 2)\n", tmp_path)
    assert "the kernel exited with code 1; restarting" in done.stderr
    assert done.stdout == "after 42\n"
    assert done.returncode == 1


def test_no_color_keeps_escape_codes_out(tmp_path: Path) -> None:
    done = run_repl("1 / 0\n", tmp_path)
    assert "\x1b[" not in done.stdout + done.stderr


CELLS = [
    ("x = 1\ny = 2\n", ["x = 1", "y = 2"]),
    ("for i in range(2):\n    a = i\n\n    b = i\nprint(a)\n", ["for i in range(2):\n    a = i\n\n    b = i", "print(a)"]),
    ("if x:\n    a = 1\nelse:\n    a = 2\n", ["if x:\n    a = 1\nelse:\n    a = 2"]),
    ("(1,\n 2)\n%graph y\n", ["(1,\n 2)", "%graph y"]),
    ("@dec\ndef f():\n    return 1\nf()\n", ["@dec\ndef f():\n    return 1", "f()"]),
    ("x = (1,\n", ["x = (1,"]),
]


@pytest.mark.parametrize(("text", "cells"), CELLS)
def test_iter_cells(text: str, cells: list[str]) -> None:
    assert list(iter_cells(text.splitlines(keepends=True))) == cells


@pytest.mark.parametrize(
    ("text", "submit"),
    [("x = 1", True), ("for i in x:", False), ("for i in x:\n    a", False), ("for i in x:\n    a\n", True),
     ("for i in x:\n    a\n    ", True), ("(1,", False), ("%hint", True), ("def f(:", True)],
)  # fmt: skip
def test_should_submit_follows_pythons_repl(text: str, submit: bool) -> None:
    assert should_submit(text) is submit


def test_graph_magic_prints_the_tree(tmp_path: Path) -> None:
    pytest.importorskip("tutor.graph.render")
    done = run_repl("x = torch.ones(2, requires_grad=True)\ny = (x * 3).sum()\n%graph y\n", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "y" in done.stdout and "x" in done.stdout and "leaf" in done.stdout
