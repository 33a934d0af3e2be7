"""A pack folder's files, as an export copies them: ``pack.yaml``,
``lessons/`` and ``exercises/`` (with the solution files beside the
exercises, as docs/pack-format.md has them). The copy is loaded back before
it is used, so a pack that needs anything else is found out here."""

from __future__ import annotations

import tempfile
from pathlib import Path

from tutor.errors import UserError

PARTS = ("pack.yaml", "lessons", "exercises")


def collect(folder: Path) -> dict[str, bytes]:
    """Relative POSIX path -> bytes, sorted; links, hidden files and caches left out."""
    files: dict[str, bytes] = {}
    for part in PARTS:
        top = folder / part
        candidates = [top] if top.is_file() else sorted(top.rglob("*")) if top.is_dir() else []
        for path in candidates:
            rel = path.relative_to(folder)
            if any(p.startswith(".") or p == "__pycache__" for p in rel.parts) or path.suffix == ".pyc":
                continue
            if path.is_file() and not path.is_symlink():
                files[rel.as_posix()] = path.read_bytes()
    return files


def verified(folder: Path, pack) -> dict[str, bytes]:
    """The files of ``pack`` (loaded from ``folder``), checked to load on their own."""
    from tutor.pack import validate_pack

    files = collect(folder)
    with tempfile.TemporaryDirectory(prefix="agt-pack-copy-") as tmp:
        write(Path(tmp), files)
        copy, issues = validate_pack(tmp, cache=False)  # a temporary folder: nothing to cache
    if copy is None or list(copy.exercises) != list(pack.exercises):
        first = f": {issues[0]}" if issues else ""
        raise UserError(f"{folder}: the pack does not load from its pack.yaml, lessons/ and exercises/ alone, "
                        f"which is what an export copies{first}")
    return files


def write(target: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
