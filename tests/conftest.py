"""Shared fixtures. Every test gets its own data directory, so progress and
workspaces never touch the developer's real ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import REPO, run_cli  # noqa: F401  (re-exported for older tests)


@pytest.fixture(autouse=True)
def tutor_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("AUTOGRAD_TUTOR_HOME", str(home))
    return home
