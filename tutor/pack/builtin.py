"""Where the built-in pack lives.

In a wheel it is ``tutor/_builtin/`` (see pyproject's force-include); in a
source checkout it is the repository root (pack.yaml, lessons/, exercises/).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def pack_dir() -> Path:
    installed = _PACKAGE / "_builtin"
    if (installed / "pack.yaml").is_file():
        return installed
    return _PACKAGE.parent
