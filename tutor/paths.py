"""Where autograd-tutor keeps the learner's files. The one module that knows.

Everything lives under one data directory: the platform's user data folder,
or ``$AUTOGRAD_TUTOR_HOME`` when set (tests and courses use it to sandbox).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

APP_NAME = "autograd-tutor"
HOME_ENV = "AUTOGRAD_TUTOR_HOME"


def data_dir() -> Path:
    """The data directory, created on first use."""
    override = os.environ.get(HOME_ENV)
    if override:
        path = Path(override).expanduser()
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def progress_db() -> Path:
    return data_dir() / "progress.db"


def config_file() -> Path:
    """User settings (key bindings, theme). Optional; read by the app."""
    return data_dir() / "config.toml"


def repl_history() -> Path:
    return data_dir() / "repl_history"


def workspace_dir(pack_id: str) -> Path:
    """The learner's solutions for one pack: ``<exercise-id>.py`` files.

    The folder is a valid submission folder for ``autograd-tutor grade``.
    """
    path = data_dir() / "workspace" / _safe(pack_id)
    path.mkdir(parents=True, exist_ok=True)
    return path


def workspace_file(pack_id: str, exercise_id: str) -> Path:
    return workspace_dir(pack_id) / f"{_safe(exercise_id)}.py"


def _safe(name: str) -> str:
    # Pack and exercise ids are validated slugs; this guards paths anyway.
    cleaned = re.sub(r"[^A-Za-z0-9_.-]", "_", name).lstrip(".")
    return cleaned or "_"
