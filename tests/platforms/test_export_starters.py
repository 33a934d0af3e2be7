"""``autograd-tutor export starters DIR``: the files a student's repository starts from."""

from __future__ import annotations

from support import run_cli


def test_one_starter_file_per_exercise_and_no_clobbering(tmp_path, course_pack):
    from tutor.pack import load_pack

    pack = load_pack(str(course_pack))
    done = run_cli("export", "starters", str(tmp_path), "--pack", str(course_pack))
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{e}.py" for e in pack.exercises)
    for exercise in pack.exercises.values():
        assert (tmp_path / f"{exercise.id}.py").read_text(encoding="utf-8") == exercise.starter
    (tmp_path / "square-gradient.py").write_text("# my work\n")
    done = run_cli("export", "starters", str(tmp_path), "--pack", str(course_pack))
    assert done.returncode == 2 and "--force" in done.stderr and done.stderr.strip().count("\n") == 0
    assert (tmp_path / "square-gradient.py").read_text() == "# my work\n"
    assert run_cli("export", "starters", str(tmp_path), "--pack", str(course_pack), "--force").returncode == 0
    assert (tmp_path / "square-gradient.py").read_text() == pack.exercises["square-gradient"].starter


def test_the_builtin_pack_is_the_default(tmp_path):
    done = run_cli("export", "starters", str(tmp_path))
    assert done.returncode == 0, done.stderr
    from tutor.pack import load_pack

    assert len(list(tmp_path.glob("*.py"))) == len(load_pack(None).exercises)
