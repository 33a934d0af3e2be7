"""Find a pack from what the user typed: a folder, ``builtin``, or the name of
a pack installed with pip (entry-point group ``autograd_tutor.packs``).

An entry point names a folder: a path string, a callable returning one, or a
package whose folder is the pack.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tutor.errors import UserError

ENTRY_POINT_GROUP = "autograd_tutor.packs"
BUILTIN = "builtin"


def resolve_pack(ref: str | None) -> tuple[Path, str]:
    """Return (folder, name to show in messages) for a pack reference."""
    if ref is None or ref == BUILTIN:
        from tutor.pack.builtin import pack_dir

        return pack_dir(), "."
    path = Path(ref).expanduser()
    if path.exists() or "/" in ref or ref.startswith("."):
        if not path.exists():
            raise UserError(f"{ref}: no such pack folder")
        if path.is_file() and path.name == "pack.yaml":
            return path.parent, str(path.parent)
        if not path.is_dir():
            raise UserError(f"{ref}: not a lesson pack (expected a folder holding pack.yaml)")
        return path, ref
    found = installed_packs()
    if ref in found:
        return _entry_point_dir(ref, found[ref]), ref
    names = ", ".join(sorted({BUILTIN, *found}))
    raise UserError(f"{ref}: no such pack folder, and no installed pack by that name (installed: {names})")


def installed_packs() -> dict:
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _entry_point_dir(name: str, entry_point) -> Path:
    try:
        target = entry_point.load()
        if isinstance(target, ModuleType):
            target = Path(target.__file__).parent  # type: ignore[arg-type]
        elif callable(target):
            target = target()
        path = Path(target)
    except Exception as exc:  # a broken third-party pack must not crash the CLI
        raise UserError(f"installed pack '{name}' ({entry_point.value}) cannot be loaded: {exc}") from None
    if not path.is_dir():
        raise UserError(f"installed pack '{name}' points at {path}, which is not a folder")
    return path
