"""Shared fixtures. Every test gets its own data directory, so progress and
workspaces never touch the developer's real ones.

The suite runs in parallel (pytest-xdist, ``-n`` in pyproject's addopts, with
``--dist loadgroup``). Tests that share something machine-wide go to one
worker together, in ``SERIAL_GROUPS`` below: the ``student`` user, the
readable venv (tests/readable_install.py) and the guard chmods of the
uid-mode container tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# jsonschema imports rfc3987_syntax when it is installed (jupyter-events,
# a dependency of the Jupyter test, pulls it in), and that builds 38 lark
# grammars as it loads: a second of CPU in every pytest process that
# collects a schema test (each xdist worker, the normal user's inner run).
# Only format checks read it, and no test asks jsonschema to check formats
# (no FormatChecker): an import refused here changes no test's outcome.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

from support import ALONE, REPO, run_cli  # noqa: F401  (REPO, run_cli: re-exported for older tests)


# How xdist shares the tests out (``--dist loadgroup``): tests that use a
# module-scoped fixture (a warm grader, a graded class, a built pack) go to
# one worker with the rest of their file, so the fixture is made once, not
# once per worker; tests that read a session fixture named in FIXTURE_GROUPS
# go to one worker together; every other test goes out on its own (a file's
# tests went together by default: files of slow independent tests ran in a
# row on one worker while the others were done). The files in SERIAL_GROUPS
# share machine-wide state with other files and go to one worker with them.
SERIAL_GROUPS = {
    "grade/test_isolation_nonroot.py": "student",
    # The part run alone is two streams side by side (``-n 2``): the normal
    # user's grading on one worker; the uid mode's grading, then the app's
    # timed runs in order, on the other (they share nothing: the student's
    # processes and the uid mode's pools are counted by uid, never
    # machine-wide; one install of readable_install.py serves both). The
    # uid mode's rows went with the normal user's until December 2026, and
    # that stream was the part's whole length (some 90 s, the other 25).
    "grade/test_container.py": "app-alone",
    "app/test_app_snapshots.py": "app-alone",
    "app/test_app_e2e.py": "app-alone",
}
FIXTURE_GROUPS = {
    "builtin_pack_check": "builtin-pack-check",  # one `pack check builtin` (the fixture below)
}
WIDE_SCOPES = ("module", "class", "package")


def _group(item: pytest.Item, rel: str) -> str | None:
    """The xdist group of a test, or None to send it out on its own."""
    if rel in SERIAL_GROUPS:
        return SERIAL_GROUPS[rel]
    used = getattr(item, "fixturenames", ())
    for name, group in FIXTURE_GROUPS.items():
        if name in used:
            return group
    info = getattr(item, "_fixtureinfo", None)
    for defs in (info.name2fixturedefs.values() if info else ()):
        if any(d.scope in WIDE_SCOPES for d in defs):
            return rel
    return None


# ALONE (the files run after the parallel part, one test at a time) lives in
# support.py, where tests/test_suite_parts.py can import it.
TESTS = Path(__file__).resolve().parent


def _rel(path) -> str | None:
    """A test file's path under tests/ (as ALONE and SERIAL_GROUPS name it), or None outside it."""
    try:
        return Path(str(path)).resolve().relative_to(TESTS).as_posix()
    except ValueError:
        return None


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "alone: runs after the parallel part, one test at a time (tests/conftest.py)")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """``make test``'s two parts leave the files the other part runs unread:
    collecting every test file (torch, textual and the app imported) took
    the tests-alone part (``-m alone``) 16 s, its own files 3 s; ``-m "not
    alone"`` spares each xdist worker the ALONE files. Safe because
    ``alone`` is given by file (``support.ALONE``), never by a decorator."""
    wanted = {"alone": True, "not alone": False}.get(config.getoption("markexpr", ""))
    if wanted is None or collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    rel = _rel(collection_path)
    return None if rel is None or (rel in ALONE) == wanted else True


@pytest.hookimpl(tryfirst=True)  # before xdist reads the marks (it suffixes node ids with the group)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _rel(item.path) in ALONE:
            item.add_marker(pytest.mark.alone)
    if not config.pluginmanager.hasplugin("xdist"):
        return  # one process (-p no:xdist): nothing to share out
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue
        rel = _rel(item.path)
        group = _group(item, rel) if rel is not None else None
        if group:
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(autouse=True)
def tutor_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("AUTOGRAD_TUTOR_HOME", str(home))
    return home


@pytest.fixture(scope="session", autouse=True)
def worker_host():
    """NOTE [a host of workers] (tutor/grade/host.py): one warm host per test
    process, which the pools of its tests and of the commands they start
    (the environment passes it on) ask for their workers where their sandbox
    is the host's. ``AGT_NO_HOST=1`` runs the suite without one; a test of
    how a worker starts by itself clears ``AGT_WORKER_HOST``."""
    import os

    from tutor.grade import hosted, sandbox

    if os.environ.get("AGT_NO_HOST") or os.environ.get(hosted.ENV) or sandbox.probe()[0] != "bwrap":
        yield None
        return
    host = hosted.launch()
    os.environ[hosted.ENV] = host.folder
    try:
        yield host.folder
    finally:
        os.environ.pop(hosted.ENV, None)
        host.stop()


@pytest.fixture(scope="session")
def builtin_pack_check():
    """`autograd-tutor pack check builtin` (every exercise proven, every
    lesson example and claim run), once per worker: the files that read it
    share an xdist group (SERIAL_GROUPS)."""
    return run_cli("pack", "check", "builtin", "--jobs", "2", timeout=900)
