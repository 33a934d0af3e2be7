"""`autograd-tutor pack check`: the built-in pack passes; a pack whose
reference is broken, whose starter already passes, or with a check that
cannot fail, exits 1 and says why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from support import run_cli

EXERCISE = "exercises/square-gradient.yaml"
SOLUTION = "exercises/square-gradient.py"


def _scaffold(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    proc = run_cli("pack", "new", str(target))
    assert proc.returncode == 0, proc.stderr
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, text
    path.write_text(text.replace(old, new), encoding="utf-8")


def _broken_reference(pack: Path) -> None:
    (pack / SOLUTION).write_text("y = (x ** 2).sum()\ny.backward()\nprint(undefined_name)\n", encoding="utf-8")


def _starter_passes(pack: Path) -> None:
    _edit(pack / EXERCISE, "starter: |\n  y = (x ** 2).sum()\n", "starter: |\n  y = (x ** 2).sum()\n  y.backward()\n")


def _grad_cannot_fail(pack: Path) -> None:
    # so loose a tolerance that a doubled-plus-one gradient still "matches"; the
    # starter (which fails the graph check) passes it too, so it proves nothing
    _edit(pack / EXERCISE, "  - kind: grad\n    tensor: x\n", "  - kind: grad\n    tensor: x\n    atol: 1000000.0\n")
    _edit(pack / EXERCISE, "starter: |\n  y = (x ** 2).sum()\n", "starter: |\n  y = (x ** 2).sum() * 2\n  y.backward()\n")


def _value_cannot_fail(pack: Path) -> None:
    # a value the reference sets to a constant, checked with a tolerance wide enough to swallow the mutant (n*2+1)
    (pack / SOLUTION).write_text("y = (x ** 2).sum()\ny.backward()\nn = 3\n", encoding="utf-8")
    _edit(pack / EXERCISE, "starter: |\n  y = (x ** 2).sum()\n", "starter: |\n  y = (x ** 2).sum()\n  n = 3\n")
    _edit(pack / EXERCISE, "  - kind: graph\n    root: y\n",
          "  - kind: graph\n    root: y\n  - kind: value\n    expr: n\n    atol: 100.0\n")


def _all_checks_free(pack: Path) -> None:
    # checks that hold before the learner writes a line: doing nothing would earn the points
    (pack / SOLUTION).write_text("y = (x ** 2).sum()\n", encoding="utf-8")
    _edit(pack / EXERCISE, "  - kind: grad\n    tensor: x\n  - kind: graph\n    root: y\n",
          "  - kind: requires_grad\n    tensor: x\n    expect: true\n  - kind: calls\n    api: backward\n"
          "    max: 0\n  - kind: graph\n    root: y\n")


BROKEN = {
    "broken_reference": (_broken_reference, ["FAILS", "reference fails:", "NameError"]),
    "starter_passes": (_starter_passes, ["PASSES", "the starter already passes every check"]),
    "grad_cannot_fail": (_grad_cannot_fail, ["check 'grad of x' cannot fail: a broken solution still passes it"]),
    "value_cannot_fail": (_value_cannot_fail, ["check 'value of n' cannot fail: a broken solution still passes it"]),
}


@pytest.fixture(scope="module")
def builtin(builtin_pack_check):
    return builtin_pack_check


def test_builtin_pack_checks_clean(builtin):
    assert builtin.returncode == 0, builtin.stdout + builtin.stderr
    lines = builtin.stdout.splitlines()
    assert re.match(r"exercise\s+reference\s+starter\s+checks able to fail\s+seconds", lines[0]), builtin.stdout
    from tutor.pack import load_pack

    pack = load_pack(None)
    for ex_id in pack.exercises:
        row = next((line for line in lines if line.startswith(ex_id + " ")), None)
        assert row is not None, builtin.stdout
        assert re.search(r"\bpasses\s+fails\b", row), row
        assert re.search(r"\d+\.\d\d$", row), row  # a timing column
    assert f"{len(pack.exercises)} of {len(pack.exercises)} exercises ok" in lines
    examples = sum(len(lesson.examples) for lesson in pack.lessons)
    assert lines[-1] == f"{examples} of {examples} lesson examples print what their lessons say"
    assert "Traceback" not in builtin.stderr


def test_scaffolded_pack_checks_clean(tmp_path):
    pack = _scaffold(tmp_path, "fresh-pack")
    proc = run_cli("pack", "check", str(pack), "--jobs", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 of 1 exercises ok" in proc.stdout


@pytest.mark.parametrize("name", list(BROKEN))
def test_broken_pack_exits_1_with_explanation(tmp_path, name):
    pack = _scaffold(tmp_path, f"pack-{name}")
    breaker, needles = BROKEN[name]
    breaker(pack)
    assert run_cli("pack", "validate", str(pack)).returncode == 0  # valid YAML; only grading can tell
    proc = run_cli("pack", "check", str(pack), "--jobs", "2")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    for needle in needles:
        assert needle in proc.stdout, proc.stdout
    assert "0 of 1 exercises ok" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_free_checks_are_listed(tmp_path):
    pack = _scaffold(tmp_path, "pack-free")
    _all_checks_free(pack)
    proc = run_cli("pack", "check", str(pack), "--jobs", "2")
    assert "free checks (code that does nothing passes them" in proc.stdout, proc.stdout
    assert "x.requires_grad" in proc.stdout and "calls backward" in proc.stdout, proc.stdout


def test_an_exercise_whose_checks_are_all_free_fails(tmp_path):
    pack = _scaffold(tmp_path, "pack-all-free")
    (pack / SOLUTION).write_text("z = 1\n", encoding="utf-8")
    _edit(pack / EXERCISE, "  - kind: grad\n    tensor: x\n  - kind: graph\n    root: y\n",
          "  - kind: requires_grad\n    tensor: x\n    expect: true\n")
    _edit(pack / EXERCISE, "starter: |\n  y = (x ** 2).sum()\n", "starter: |\n  x = x.detach()\n")
    proc = run_cli("pack", "check", str(pack), "--jobs", "2")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "every check passes for code that does nothing" in proc.stdout, proc.stdout
    assert "0 of 1 exercises ok" in proc.stdout


def test_a_lesson_example_with_a_wrong_output_fails_with_its_line(tmp_path):
    pack = _scaffold(tmp_path, "pack-example")
    lesson = next((pack / "lessons").iterdir())
    _edit(lesson, "    output: |\n      4.0\n", "    output: |\n      5.0\n")
    line = next(n for n, text in enumerate(lesson.read_text().splitlines(), 1) if text.strip() == "output: |")
    proc = run_cli("pack", "check", str(pack), "--jobs", "2")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert f"{lesson}:{line}: example 1 prints '4.0', the lesson says '5.0'" in proc.stdout, proc.stdout
    assert "0 of 1 lesson examples print what their lessons say" in proc.stdout
    # marked as not compared (a timing, say), the same example passes
    _edit(lesson, "    output: |\n      5.0\n", "    compare: false\n    output: |\n      5.0\n")
    proc = run_cli("pack", "check", str(pack), "--jobs", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_a_lesson_example_that_raises_fails(tmp_path):
    pack = _scaffold(tmp_path, "pack-example-raises")
    lesson = next((pack / "lessons").iterdir())
    _edit(lesson, "      print(x.grad.item())\n", "      print(x.grad.item())\n      y.backward()\n")
    proc = run_cli("pack", "check", str(pack), "--jobs", "2")
    assert proc.returncode == 1 and "example 1 raised RuntimeError: Trying to backward through the graph a " \
        "second time" in proc.stdout, proc.stdout
