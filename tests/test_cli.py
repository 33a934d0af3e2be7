"""The command line as a user meets it: help, exit codes, one-line errors."""

import json
import os
import textwrap

import pytest

from support import run_cli


def _no_traceback(result):
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout


@pytest.mark.parametrize(
    "args, expect",
    [
        ([], "Learn PyTorch autograd by doing"),
        (["list"], "your status"),
        (["check"], "defaults to your current exercise"),
        (["watch"], "check it every time you save it"),
        (["pack"], "lesson packs"),
        (["pack", "new"], "a small, valid pack"),
        (["pack", "validate"], "Exit 0 when clean"),
        (["pack", "schema"], "JSON Schema"),
    ],
)
def test_every_help_is_clear(args, expect):
    result = run_cli(*args, "--help")
    assert result.returncode == 0
    assert expect.lower() in " ".join(result.stdout.split()).lower()


def test_python_dash_m_and_version():
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.startswith("autograd-tutor ")


def test_list_shows_progress_and_current_exercise(tutor_home):
    from tutor.progress import ProgressStore

    with ProgressStore(tutor_home / "progress.db") as store:
        store.record_attempt("builtin", "make-a-leaf", score=4, max_score=4)
        store.record_attempt("builtin", "leaf-or-dish", score=1, max_score=3)
        store.set_current("builtin", "leaf-or-dish")
    result = run_cli("list")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    from tutor.pack import load_pack

    total = len(load_pack(None).exercises)
    assert f"1 of {total} exercises solved" in lines[0]
    assert any(line.split()[:2] == ["solved", "make-a-leaf"] for line in lines)
    assert any(line.split()[:3] == [">", "attempted", "leaf-or-dish"] for line in lines)
    data = json.loads(run_cli("list", "--json").stdout)
    statuses = {ex["id"]: ex["status"] for lesson in data["lessons"] for ex in lesson["exercises"]}
    assert statuses["make-a-leaf"] == "solved" and statuses["linear-gradients"] == "new"
    assert data["current"] == "leaf-or-dish"


def test_list_in_chinese():
    result = run_cli("list", "--lang", "zh")
    assert "会记忆的张量" in result.stdout
    assert run_cli("--lang", "zh", "list").stdout == result.stdout


def test_scaffold_round_trip(tmp_path):
    result = run_cli("pack", "new", "course", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    result = run_cli("pack", "validate", "course", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.strip() == "course: pack 'course' is valid: 1 lesson, 1 exercise"
    listed = run_cli("list", "--pack", "course", cwd=tmp_path)
    assert "square-gradient" in listed.stdout
    assert run_cli("--pack", "course", "list", cwd=tmp_path).stdout == listed.stdout


def test_pack_new_refuses_a_non_empty_folder(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    result = run_cli("pack", "new", "taken", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "autograd-tutor: taken: already exists and is not empty; choose a new folder"
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize(
    "args, message",
    [
        (["pack", "validate", "missing"], "missing: no such pack folder, and no installed pack by that name"),
        (["pack", "validate", "./missing"], "./missing: no such pack folder"),
        (["pack", "validate", "empty"], "empty: not a lesson pack (no pack.yaml inside)"),
        (["list", "--pack", "empty"], "empty: not a lesson pack (no pack.yaml inside)"),
    ],
)
def test_unusable_pack_is_one_line_and_exit_2(args, message, tmp_path):
    (tmp_path / "empty").mkdir()
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2
    _no_traceback(result)
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith(f"autograd-tutor: {message}")


def test_invalid_pack_exits_1_with_positioned_lines(tmp_path):
    run_cli("pack", "new", "course", cwd=tmp_path)
    exercise = tmp_path / "course" / "exercises" / "square-gradient.yaml"
    exercise.write_text(exercise.read_text().replace("  - kind: grad\n    tensor: x", "  - kind: grad\n    tensor: x\n    rtol: small"))
    result = run_cli("pack", "validate", "course", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "course/exercises/square-gradient.yaml:16:11: checks[0].rtol: expected a number, got 'small'"
    ]
    assert result.stderr.strip() == "course: 1 problem"
    as_json = json.loads(run_cli("pack", "validate", "course", "--json", cwd=tmp_path).stdout)
    assert as_json["valid"] is False and as_json["problems"][0]["line"] == 16
    listing = run_cli("list", "--pack", "course", cwd=tmp_path)
    assert listing.returncode == 1 and "checks[0].rtol" in listing.stderr
    _no_traceback(listing)


def test_usage_error_exits_2():
    result = run_cli("list", "--bogus")
    assert result.returncode == 2 and "unrecognized arguments" in result.stderr


def test_installed_pack_is_found_by_name(tmp_path):
    """A pack shipped with pip: entry point group autograd_tutor.packs."""
    site = tmp_path / "site"
    run_cli("pack", "new", str(site / "coursepkg" / "pack"), cwd=tmp_path)
    (site / "coursepkg" / "__init__.py").write_text(
        "from pathlib import Path\nPACK_DIR = str(Path(__file__).parent / 'pack')\n"
    )
    dist = site / "coursepkg-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: coursepkg\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        textwrap.dedent(
            """\
            [autograd_tutor.packs]
            course = coursepkg:PACK_DIR
            broken = coursepkg:DOES_NOT_EXIST
            """
        )
    )
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))}
    result = run_cli("list", "--pack", "course", cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    assert "square-gradient" in result.stdout
    assert run_cli("pack", "validate", "course", cwd=tmp_path, env=env).returncode == 0
    broken = run_cli("list", "--pack", "broken", cwd=tmp_path, env=env)
    assert broken.returncode == 2
    assert broken.stderr.startswith("autograd-tutor: installed pack 'broken' (coursepkg:DOES_NOT_EXIST) cannot be loaded")
    _no_traceback(broken)
    missing = run_cli("list", "--pack", "nosuch", cwd=tmp_path, env=env)
    assert "installed: broken, builtin, course" in missing.stderr


def test_output_into_a_closed_pipe_is_quiet(tmp_path):
    import subprocess
    import sys

    proc = subprocess.run(
        f"{sys.executable} -m tutor pack schema | head -c 10",
        shell=True, capture_output=True, text=True,
    )
    assert proc.stdout == '{\n  "$sche'
    assert "Traceback" not in proc.stderr
