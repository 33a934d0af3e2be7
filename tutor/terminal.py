"""What the line front ends (``check``, ``watch``, ``graph``, the REPL) ask of a terminal."""

from __future__ import annotations

import os
from typing import Any


def is_tty(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (False for closed or fake streams)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def color_enabled(stream: Any) -> bool:
    """Colour only on a terminal that can show it, and never when NO_COLOR is
    set to anything but the empty string (no-color.org)."""
    return is_tty(stream) and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
