"""Build the wheel, install it into a scratch venv, and run the installed
command: a packaging mistake (the built-in pack left out of the wheel, a
wrong entry point) fails here rather than on a learner's machine."""

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from support import REPO


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(REPO)],
        check=True,
        capture_output=True,
        text=True,
    )
    (path,) = out.glob("autograd_tutor-*.whl")
    return path


def test_wheel_ships_the_builtin_pack(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "tutor/_builtin/pack.yaml" in names
    assert any(n.startswith("tutor/_builtin/lessons/") and n.endswith(".yaml") for n in names)
    assert any(n.startswith("tutor/_builtin/exercises/") and n.endswith(".yaml") for n in names)
    assert "tutor/cli.py" in names


def test_wheel_ships_no_test_doubles(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if "fake" in n.rsplit("/", 1)[-1].lower()], names
    assert not [n for n in names if n.startswith(("tests/", "bench/"))]


def test_installed_wheel_runs_list(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    vpython = bindir / "python"
    site = Path(
        subprocess.run(
            [vpython, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
    )
    # --ignore-installed: pip must not "upgrade" (uninstall) the editable
    # install it sees through deps.pth.
    # Dependencies (torch, pydantic, pip, ...) come from the test environment's
    # site-packages through a .pth line; the wheel itself is installed for real.
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [vpython, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--ignore-installed", str(wheel)],
        check=True, capture_output=True, text=True,
    )
    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": str(tmp_path / "home")}
    env.pop("PYTHONPATH", None)
    where = subprocess.run(
        [vpython, "-c", "import tutor, tutor.pack.builtin as b; print(tutor.__file__); print(b.pack_dir())"],
        check=True, capture_output=True, text=True, cwd=tmp_path, env=env,
    ).stdout.split()
    assert Path(where[0]).is_relative_to(venv)  # not the source checkout
    assert Path(where[1]) == Path(where[0]).parent / "_builtin"
    result = subprocess.run(
        [bindir / "autograd-tutor", "list", "--json"], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert result.returncode == 0, result.stderr
    import json

    listing = json.loads(result.stdout)
    assert listing["pack"] == "builtin"
    assert listing["lessons"] and all(lesson["exercises"] for lesson in listing["lessons"])
