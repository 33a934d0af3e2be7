"""Lesson packs: discovery, YAML loading, the format's models, validation.

Exports load lazily so ``import tutor.pack`` stays cheap for the CLI. A pack
that has not changed since it was last validated comes from the cache
(tutor.pack.cache); ``pack_outline`` answers from it without pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.pack.cache import Validated
    from tutor.pack.loaded import Pack
    from tutor.pack.models import Exercise, Lesson, Text
    from tutor.pack.outline import PackOutline

__all__ = ["Exercise", "Lesson", "Pack", "Text", "cached", "load_outline", "load_pack", "pack_outline", "valid_pack",
           "validate_pack"]


def validated(ref: str | None, *, cache: bool = True, refresh: bool = False) -> "Validated":
    """What validating a folder, ``builtin`` or an installed pack name gives
    (tutor.pack.cache.Validated: issues, outline, pack): from the cache when
    the pack is unchanged, unless ``cache=False``; ``refresh`` validates
    again and rewrites the cache entry."""
    from tutor.pack.cache import validated as _validated
    from tutor.pack.discovery import resolve_pack

    folder, display = resolve_pack(ref)
    return _validated(folder, display, use_cache=cache and not refresh, rewrite=refresh)


def cached(ref: str | None) -> "Validated | None":
    """What the cache holds for an unchanged pack, else None (a changed or
    new pack, or a ``ref`` that names none): never validates."""
    from tutor.errors import UserError
    from tutor.pack.cache import cached as _cached
    from tutor.pack.discovery import resolve_pack

    try:
        folder, display = resolve_pack(ref)
    except UserError:
        return None
    return _cached(folder, display)


def valid_pack(result: "Validated") -> "Pack":
    """The pack of a validation result, or PackInvalid as from ``load_pack``."""
    return _valid(result).pack()


def validate_pack(ref: str | None, *, cache: bool = True):
    """(pack or None, issues) for a folder, ``builtin`` or installed pack name."""
    result = validated(ref, cache=cache)
    return result.pack(), result.issues


def pack_outline(ref: str | None, *, cache: bool = True, refresh: bool = False) -> "tuple[PackOutline | None, list]":
    """(outline or None, issues): ids, titles and order only, without the models when cached."""
    result = validated(ref, cache=cache, refresh=refresh)
    return result.outline, result.issues


def load_pack(ref: str | None = None) -> "Pack":
    """Load a valid pack or raise PackInvalid (a UserError) listing every issue."""
    return _valid(validated(ref)).pack()


def load_outline(ref: str | None = None) -> "PackOutline":
    """A valid pack's outline, or PackInvalid as from ``load_pack``."""
    return _valid(validated(ref)).outline


def _valid(result: "Validated") -> "Validated":
    from tutor.pack.issues import PackInvalid

    if result.outline is None:
        raise PackInvalid(result.issues)
    return result


def __getattr__(name: str):
    if name == "Pack":
        from tutor.pack.loaded import Pack

        return Pack
    if name in ("Exercise", "Lesson", "Text"):
        from tutor.pack import models

        return getattr(models, name)
    raise AttributeError(name)
