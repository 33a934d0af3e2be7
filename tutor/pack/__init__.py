"""Lesson packs: discovery, YAML loading, the format's models, validation.

Exports load lazily so ``import tutor.pack`` stays cheap for the CLI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.pack.loader import Pack
    from tutor.pack.models import Exercise, Lesson, Text

__all__ = ["Exercise", "Lesson", "Pack", "Text", "load_pack", "validate_pack"]


def validate_pack(ref: str | None):
    """(pack or None, issues) for a folder, ``builtin`` or installed pack name."""
    from tutor.pack.discovery import resolve_pack
    from tutor.pack.loader import load_pack_dir

    folder, display = resolve_pack(ref)
    return load_pack_dir(folder, display)


def load_pack(ref: str | None = None) -> "Pack":
    """Load a valid pack or raise PackInvalid (a UserError) listing every issue."""
    from tutor.pack.issues import PackInvalid

    pack, issues = validate_pack(ref)
    if pack is None:
        raise PackInvalid(issues)
    return pack


def __getattr__(name: str):
    if name == "Pack":
        from tutor.pack.loader import Pack

        return Pack
    if name in ("Exercise", "Lesson", "Text"):
        from tutor.pack import models

        return getattr(models, name)
    raise AttributeError(name)
