"""The folder the session's pytest processes share for tests/reports/platform_grades.py's grades."""

from __future__ import annotations

import os

import platform_grades
import pytest


@pytest.fixture(scope="session", autouse=True)
def _shared_grades(tmp_path_factory):
    # xdist gives each worker its own basetemp inside the session's folder (pytest
    # keeps the last three sessions' folders); one process alone uses its own.
    base = tmp_path_factory.getbasetemp()
    platform_grades.ROOT = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    yield
    platform_grades.ROOT = None
