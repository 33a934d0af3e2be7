"""The generated graders run end to end, as the platforms run them: Gradescope's
``run_autograder`` with ``/autograder`` a temporary folder, PrairieLearn's
entrypoint with ``/grade`` one, each bind-mounted in a private mount
namespace of its own (``unshare --mount``), on a reference solution of a
built-in exercise and on a wrong one. setup.sh is not run (it needs the
network): ``autograd-tutor`` comes from this environment, on PATH.

All runs happen once, in one module fixture; each test reads their results."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from support import REPO, run_cli

EXERCISE = "make-a-leaf"
pytestmark = pytest.mark.skipif(
    os.name != "posix" or os.geteuid() != 0 or shutil.which("unshare") is None,
    reason="needs root and unshare(1): /autograder and /grade are bind mounts in a private mount namespace")


def _extract(archive: Path, target: Path) -> None:
    """Unpack as unzip does: each entry's Unix mode from its attributes."""
    with zipfile.ZipFile(archive) as z:
        for info in z.infolist():
            path = Path(z.extract(info, target))
            path.chmod(stat.S_IMODE(info.external_attr >> 16))


def _in_namespace(mount_point: str, root: Path, command: list[str], env: dict) -> subprocess.CompletedProcess:
    script = f'mount --bind "$0" {mount_point} && cd {mount_point} && exec "$@"'
    return subprocess.run(["unshare", "--mount", "--propagation", "private", "bash", "-c", script, str(root),
                           *command], capture_output=True, text=True, env=env, timeout=300)


class _MountPoints:
    """/autograder and /grade as empty folders to mount on, removed after if made here."""

    def __init__(self, *paths: str) -> None:
        self.made = [Path(p) for p in paths if not Path(p).exists()]
        for path in self.made:
            path.mkdir()

    def remove(self) -> None:
        for path in self.made:
            try:
                path.rmdir()
            except OSError:
                pass


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    from tutor.pack import load_pack

    base = tmp_path_factory.mktemp("platform-runs")
    exercise = load_pack(None).exercises[EXERCISE]
    right = (REPO / "exercises" / f"{EXERCISE}.py").read_text(encoding="utf-8")
    # A leaf that requires grad (points the starter does not have), and the wrong y.
    wrong = "x = data.clone().requires_grad_()\ny = (x ** 3).sum()\n"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "AUTOGRAD_TUTOR_HOME": str(base / "home")}
    archive = base / "autograder.zip"
    assert run_cli("export", "gradescope", str(archive)).returncode == 0
    course = base / "course"
    course.mkdir()
    done = run_cli("export", "prairielearn", str(course), "--image", "someone/grader")
    assert done.returncode == 0, done.stderr
    info = json.loads((course / "questions" / EXERCISE / "info.json").read_text(encoding="utf-8"))
    mounts = _MountPoints("/autograder", "/grade")
    runs: dict = {"points": exercise.max_points}
    try:
        for case, code in (("right", right), ("wrong", wrong)):
            # Gradescope: the zip in source/, run_autograder copied beside it, no results/ folder yet.
            root = base / f"gradescope-{case}"
            _extract(archive, root / "source")
            shutil.copy2(root / "source" / "run_autograder", root / "run_autograder")
            if case == "right":  # files uploaded one by one
                (root / "submission").mkdir()
                (root / "submission" / f"{EXERCISE}.py").write_text(code)
            else:  # a zipped folder from macOS: the files one folder down, AppleDouble junk beside them
                (root / "submission" / "hw").mkdir(parents=True)
                (root / "submission" / "hw" / f"{EXERCISE}.py").write_text(code)
                (root / "submission" / "__MACOSX" / "hw").mkdir(parents=True)
                (root / "submission" / "__MACOSX" / "hw" / f"._{EXERCISE}.py").write_bytes(b"\x00\x05\x16\x07junk")
            proc = _in_namespace("/autograder", root, ["./run_autograder"], env)
            runs[("gradescope", case)] = (proc, root / "results" / "results.json")
            # PrairieLearn: /grade/serverFilesCourse as the question asks, the student's file, no results/.
            root = base / f"prairielearn-{case}"
            for name in info["externalGradingOptions"]["serverFilesCourse"]:
                shutil.copytree(course / "serverFilesCourse" / name, root / "serverFilesCourse" / name)
            (root / "student").mkdir()
            (root / "student" / f"{EXERCISE}.py").write_text(code)
            (root / "data").mkdir()
            (root / "data" / "data.json").write_text("{}")
            proc = _in_namespace("/grade", root, info["externalGradingOptions"]["entrypoint"], env)
            runs[("prairielearn", case)] = (proc, root / "results" / "results.json")
    finally:
        mounts.remove()
    return runs


def _results(graded, platform: str, case: str) -> dict:
    proc, path = graded[(platform, case)]
    assert path.is_file(), f"no {path.name} (exit {proc.returncode}): {proc.stderr[-2000:]}"
    return json.loads(path.read_text(encoding="utf-8"))


def test_gradescope_full_marks_for_the_reference(graded):
    results = _results(graded, "gradescope", "right")
    assert results["score"] == graded["points"]
    mine = [t for t in results["tests"] if t["name"].startswith(EXERCISE)]
    assert mine and all(t["score"] == t["max_score"] for t in mine)


def test_gradescope_finds_a_zipped_folder_and_grades_it(graded):
    results = _results(graded, "gradescope", "wrong")
    assert 0 < results["score"] < graded["points"]  # graded, not missing: some points, not all
    mine = [t for t in results["tests"] if t["name"].startswith(EXERCISE)]
    assert any(t["score"] < t["max_score"] for t in mine)


def test_gradescope_results_name_the_isolation(graded):
    for case in ("right", "wrong"):
        assert "isolation" in json.dumps(_results(graded, "gradescope", case))


def test_prairielearn_full_score_for_the_reference(graded):
    results = _results(graded, "prairielearn", "right")
    assert results.get("gradable", True) is True
    assert results["score"] == 1.0


def test_prairielearn_partial_score_for_a_wrong_answer(graded):
    results = _results(graded, "prairielearn", "wrong")
    assert results.get("gradable", True) is True
    assert 0 < results["score"] < 1
    assert all(0 <= t["points"] <= t["max_points"] for t in results["tests"])
