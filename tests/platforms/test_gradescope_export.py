"""``autograd-tutor export gradescope ZIP``: the zip's entries, their Unix
modes (Gradescope runs run_autograder only if it is executable), the scripts,
and the bundled wheel of the tutor, installed and run."""

from __future__ import annotations

import os
import shlex
import shutil
import stat
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from support import run_cli

SCRIPTS = ("setup.sh", "run_autograder")


def export(tmp_path: Path, *more: str) -> Path:
    out = tmp_path / "autograder.zip"
    done = run_cli("export", "gradescope", str(out), *more)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def builtin_zip(tmp_path_factory) -> Path:
    return export(tmp_path_factory.mktemp("gradescope"))


@pytest.fixture(scope="module")
def folder_zip(tmp_path_factory, course_pack) -> Path:
    return export(tmp_path_factory.mktemp("gradescope"), "--pack", str(course_pack),
                  "--tutor", "autograd-tutor==0.1.0")


def text(archive: Path, name: str) -> str:
    return zipfile.ZipFile(archive).read(name).decode("utf-8")


def grade_line(archive: Path) -> list[str]:
    (line,) = [line for line in text(archive, "run_autograder").splitlines() if "autograd-tutor grade" in line]
    return shlex.split(line)


def test_scripts_sit_at_the_root_and_are_executable(builtin_zip):
    infos = {info.filename: info for info in zipfile.ZipFile(builtin_zip).infolist()}
    for name in SCRIPTS:
        info = infos[name]
        mode = info.external_attr >> 16
        assert info.create_system == 3, name  # Unix attributes: what unzip reads the mode from
        assert stat.S_ISREG(mode) and stat.S_IMODE(mode) == 0o755, (name, oct(mode))
    others = [info for name, info in infos.items() if name not in SCRIPTS]
    assert others and all(stat.S_IMODE(i.external_attr >> 16) == 0o644 for i in others)


@pytest.mark.skipif(shutil.which("unzip") is None, reason="needs Info-ZIP's unzip")
def test_unzip_keeps_the_exec_bits(builtin_zip, tmp_path):
    subprocess.run(["unzip", "-q", str(builtin_zip), "-d", str(tmp_path)], check=True)
    for name in SCRIPTS:
        assert os.access(tmp_path / name, os.X_OK), name
    assert not os.access(next(tmp_path.glob("*.whl")), os.X_OK)


def test_the_scripts_are_valid_bash(builtin_zip, folder_zip, tmp_path):
    for archive in (builtin_zip, folder_zip):
        for name in SCRIPTS:
            script = tmp_path / name
            script.write_text(text(archive, name))
            done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
            assert done.returncode == 0, (name, done.stderr)


def test_setup_installs_python_bubblewrap_cpu_torch_and_the_bundled_tutor(builtin_zip):
    setup = text(builtin_zip, "setup.sh")
    assert "apt-get install" in setup and "bubblewrap" in setup and "python3-venv" in setup
    assert "torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu" in setup
    (wheel,) = [n for n in zipfile.ZipFile(builtin_zip).namelist() if n.endswith(".whl")]
    assert f"./{wheel}" in setup
    assert grade_line(builtin_zip) == ["exec", "autograd-tutor", "grade", "$submission", "--private", "/autograder",
                                       "--gradescope", "/autograder/results/results.json"]


def test_a_folder_pack_is_copied_and_graded_from_the_copy(folder_zip, course_pack, tmp_path):
    names = zipfile.ZipFile(folder_zip).namelist()
    assert "pack/pack.yaml" in names and "pack/exercises/square-gradient.py" in names
    assert not any(n.startswith("pack/schema/") for n in names)  # what the pack needs, not the editor's schemas
    assert not any(n.endswith(".whl") for n in names)  # --tutor: installed from the index
    assert "pip install --quiet numpy autograd-tutor==0.1.0" in text(folder_zip, "setup.sh")
    args = grade_line(folder_zip)
    assert args[args.index("--pack") + 1] == "/autograder/source/pack"
    zipfile.ZipFile(folder_zip).extractall(tmp_path)
    from tutor.pack import load_pack

    assert list(load_pack(str(tmp_path / "pack")).exercises) == list(load_pack(str(course_pack)).exercises)


def test_a_requirement_pack_is_installed_by_setup(tmp_path):
    archive = export(tmp_path, "--pack", "mycourse==1.2", "--tutor", "autograd-tutor==0.1.0")
    assert "/opt/autograd-tutor/bin/pip install --quiet mycourse==1.2" in text(archive, "setup.sh")
    args = grade_line(archive)
    assert args[args.index("--pack") + 1] == "mycourse"
    assert not any(n.startswith("pack/") for n in zipfile.ZipFile(archive).namelist())


def test_exporting_twice_gives_the_same_bytes(builtin_zip, tmp_path):
    assert export(tmp_path).read_bytes() == builtin_zip.read_bytes()


def test_a_folder_is_not_a_zip(tmp_path):
    done = run_cli("export", "gradescope", str(tmp_path))
    assert done.returncode == 2 and "folder" in done.stderr and "Traceback" not in done.stderr


def test_the_bundled_wheel_installs_and_runs(builtin_zip, tmp_path):
    """The wheel setup.sh installs: the tutor and its built-in pack, with the
    `autograd-tutor` command. Installed like tests/test_packaging.py installs
    the built wheel: dependencies come from the test environment."""
    (name,) = [n for n in zipfile.ZipFile(builtin_zip).namelist() if n.endswith(".whl")]
    wheel = tmp_path / name
    wheel.write_bytes(zipfile.ZipFile(builtin_zip).read(name))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    vpython = venv / "bin" / "python"
    site = Path(subprocess.run([vpython, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    install = subprocess.run([vpython, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                              "--ignore-installed", str(wheel)], capture_output=True, text=True)
    assert install.returncode == 0, install.stderr
    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": str(tmp_path / "home")}
    env.pop("PYTHONPATH", None)
    where = subprocess.run([vpython, "-c", "import tutor, tutor.pack.builtin as b; print(tutor.__file__); "
                            "print(b.pack_dir())"], check=True, capture_output=True, text=True, cwd=tmp_path,
                           env=env).stdout.split()
    assert Path(where[0]).is_relative_to(venv) and Path(where[1]) == Path(where[0]).parent / "_builtin"
    listing = subprocess.run([venv / "bin" / "autograd-tutor", "list", "--json"], capture_output=True, text=True,
                             cwd=tmp_path, env=env)
    assert listing.returncode == 0, listing.stderr
    import json

    from tutor.pack import load_pack

    shown = [e["id"] for lesson in json.loads(listing.stdout)["lessons"] for e in lesson["exercises"]]
    assert sorted(shown) == sorted(load_pack(None).exercises)
