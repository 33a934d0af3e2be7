"""`autograd-tutor check` as a learner uses it: the current exercise, the
workspace file, and learner output that never reaches the terminal raw."""

from __future__ import annotations

from pathlib import Path

from support import run_cli

from tutor.pack import load_pack
from tutor.progress import ProgressStore


def workspace(home: Path, exercise: str) -> Path:
    return home / "workspace" / "builtin" / f"{exercise}.py"


def test_check_with_no_id_checks_the_current_exercise_workspace_file(tutor_home: Path) -> None:
    pack = load_pack(None)
    exercise = pack.exercise("backward-twice")
    path = workspace(tutor_home, exercise.id)
    path.parent.mkdir(parents=True)
    path.write_text(exercise.solution)
    with ProgressStore(tutor_home / "progress.db") as store:
        store.set_current("builtin", exercise.id)
    done = run_cli("check", timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("backward-twice: ") and "solved" in done.stdout
    with ProgressStore(tutor_home / "progress.db") as store:
        assert store.exercise("builtin", exercise.id).solved


def test_check_with_no_id_and_no_file_says_where_the_file_goes(tutor_home: Path) -> None:
    done = run_cli("check", timeout=300)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    first = next(iter(load_pack(None).exercises))  # nothing solved: the first exercise
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(f"autograd-tutor: {workspace(tutor_home, first)}: no such file")
    assert f"autograd-tutor watch --exercise {first}" in line


def test_escape_sequences_from_learner_code_do_not_reach_the_terminal(tutor_home: Path, tmp_path: Path) -> None:
    hostile = tmp_path / "make-a-leaf.py"
    hostile.write_text(
        "print('\\x1b]0;PWNED\\x07\\x1b[5mblink\\x1b[0m')\n"
        "raise ValueError('bad \\x1b[2J\\x1b[31mred\\x9b1m')\n"
    )
    done = run_cli("check", str(hostile), env={"NO_COLOR": "1"}, timeout=300)
    assert done.returncode == 1
    assert done.stdout.startswith("make-a-leaf: ")  # named by the file, as in a submission folder
    assert "ValueError: bad red" in done.stdout
    assert "blink" in done.stdout  # what the code printed is shown, cleaned
    for raw in ("\x1b", "\x07", "\x9b"):
        assert raw not in done.stdout and raw not in done.stderr
