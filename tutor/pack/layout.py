"""The files a pack folder is made of: ``pack.yaml``, ``lessons/*.yaml`` and
``exercises/*.yaml`` (solution files are named by the exercises). One
definition for the loader and for the cache that checks what the loader read."""

from __future__ import annotations

from pathlib import Path

MANIFEST = "pack.yaml"
LESSON_DIR = "lessons"
EXERCISE_DIR = "exercises"
YAML_SUFFIXES = (".yaml", ".yml")


def yaml_files(folder: Path) -> list[Path]:
    """The pack files in ``folder``, sorted (none when it is not a folder)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in YAML_SUFFIXES and p.is_file() and not p.name.startswith("."))
