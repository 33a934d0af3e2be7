"""Where autograd-tutor keeps the learner's files. The one module that knows.

Everything lives under one data directory: the platform's user data folder,
or ``$AUTOGRAD_TUTOR_HOME`` when set (tests and courses use it to sandbox).

What can be thrown away (the validated-pack cache) lives apart, in the cache
directory: ``$AUTOGRAD_TUTOR_CACHE`` when set, else ``cache/`` inside
``$AUTOGRAD_TUTOR_HOME`` when that is set, else the platform's user cache
folder (``$XDG_CACHE_HOME/autograd-tutor``, by default ``~/.cache/autograd-tutor``
on Linux). ``AUTOGRAD_TUTOR_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

APP_NAME = "autograd-tutor"
HOME_ENV = "AUTOGRAD_TUTOR_HOME"
CACHE_ENV = "AUTOGRAD_TUTOR_CACHE"
NO_CACHE_ENV = "AUTOGRAD_TUTOR_NO_CACHE"


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


def cache_dir() -> Path:
    """The cache directory (not created here: a cache that cannot be written is skipped)."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override).expanduser()
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / "cache"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME, appauthor=False))


def pack_cache_dir() -> Path | None:
    """Where validated packs are cached (tutor.pack.cache); None when the cache is off."""
    if os.environ.get(NO_CACHE_ENV, "").strip() not in ("", "0"):
        return None
    return cache_dir() / "packs"


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
