"""An install of this project that every user of the machine can read: a
virtual environment of the system Python, with torch & co. shared from the
test venv through a .pth line (or installed, where the Python versions
differ), and a copy of the project installed into it (not editable).

Tests that run the grader as a normal user (test_isolation_nonroot.py) or
in a container-like setting where runs drop to a uid of their own
(test_container.py) need one: the test venv may live where only root can
read (a pyenv under /root). Built once per machine, the copy once per session.
"""

from __future__ import annotations

import atexit
import fcntl
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

from support import REPO

# Under /tmp on purpose: a course's CI often makes its venv there, and the
# sandbox must keep it visible (bubblewrap's /tmp and each run's own /tmp
# would otherwise cover it).
VENV = Path("/tmp/agt-student-venv")
PY = VENV / "bin" / "python"


def sh(args: list[str], timeout: float = 900, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, **kw)


def _site() -> Path:
    return VENV / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"


def _share_our_packages(check) -> bool:
    """Let the venv (of the system Python) use this venv's installed packages
    (torch, numpy, pytest, hatchling) through a .pth line, where others can
    read them and the Python versions match: a second torch install costs a
    minute of CI. ``check(argv)`` runs a command as the user who must read
    them. Returns False (install instead) otherwise."""
    import torch

    ours = Path(torch.__file__).resolve().parent.parent
    probe = sh([str(PY), "-c", "import sys; print(sys.version_info[:2])"])
    if probe.stdout.strip() != str(tuple(sys.version_info[:2])):
        return False
    (_site() / "agt-shared.pth").write_text(f"{ours}\n")
    sh(["chmod", "-R", "a+rX", str(VENV)])
    if check([str(PY), "-c", "import torch, numpy, pytest, junitparser, hatchling"]).returncode != 0:
        (_site() / "agt-shared.pth").unlink()
        return False
    return True


_built: list[Path] = []
LOCK = Path("/tmp/agt-student-venv.lock")
INSTALLED_FOR = VENV / ".installed-for-run"  # the xdist run (its testrunuid) whose copy the venv holds


def build(check) -> Path:
    """The venv with a fresh copy of the project installed; returns the copy,
    made once per test session and removed when it ends. ``check(argv)``
    runs argv as a user other than root.

    Under a file lock: another pytest (an xdist worker, a second checkout's
    suite) may be building or reinstalling the same venv at the same time.
    The workers of one run share one install (``INSTALLED_FOR``)."""
    if _built:
        return _built[0]
    with open(LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return _build(check)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _build(check) -> Path:
    if not PY.exists() or sh([str(PY), "-c", "import torch, numpy, pytest, junitparser"]).returncode != 0:
        shutil.rmtree(VENV, ignore_errors=True)
        made = sh(["/usr/bin/python3", "-m", "venv", str(VENV)])
        assert made.returncode == 0, made.stderr
        if not _share_our_packages(check):
            pip = sh([str(PY), "-m", "pip", "install", "-q", "torch==2.13.0", "numpy", "pytest==8.4.2",
                      "pytest-timeout==2.4.0", "junitparser==5.0.3"], timeout=1800)
            assert pip.returncode == 0, pip.stderr[-3000:]
    # A copy of the project that others can read (/work may not be), installed
    # (not editable) so that the package lies inside the venv. Each process
    # has a copy of its own (its tests run from it, and it is removed as the
    # process ends); one install serves a whole test run: the two streams of
    # the part run alone (tests/conftest.py) each build, and a second install
    # would replace the package under the other stream's running grader.
    copy = Path(f"/var/tmp/agt-student-src-{uuid.uuid4().hex[:8]}")
    shutil.copytree(REPO, copy, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.pyc", ".pytest_cache",
                                                              "node_modules", "build", "dist"))
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run and INSTALLED_FOR.exists() and INSTALLED_FOR.read_text() == run:
        return _kept(copy)
    INSTALLED_FOR.unlink(missing_ok=True)
    deps = sh([str(PY), "-c", "import textual, prompt_toolkit, yaml, pydantic, platformdirs, jinja2, orjson"]).returncode == 0
    shared = (_site() / "agt-shared.pth").exists()
    install = [str(PY), "-m", "pip", "install", "-q", "--force-reinstall"] + (["--no-deps"] if deps else []) \
        + (["--no-build-isolation"] if shared else []) + [str(copy)]
    done = sh(install, timeout=1800, cwd="/tmp")
    assert done.returncode == 0, done.stderr[-3000:]
    sh(["chmod", "-R", "a+rX", str(VENV)])
    if run:
        INSTALLED_FOR.write_text(run)
    return _kept(copy)


def _kept(copy: Path) -> Path:
    """``copy`` readable by all, this process's for the session, removed as the process ends."""
    sh(["chmod", "-R", "a+rX", str(copy)])
    os.chmod(copy, 0o755)
    _built.append(copy)
    atexit.register(shutil.rmtree, copy, ignore_errors=True)
    return copy
