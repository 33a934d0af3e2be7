"""Files written whole or not at all.

A temporary file in the same folder is written, flushed to disk (fsync) and
renamed over the target, so a crash or a full disk leaves the old text or the
new one, never half of either, and a reader never sees a partial file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, text: str, *, errors: str = "strict") -> None:
    """Replace ``path`` with ``text`` (UTF-8; ``errors`` as for ``open``).

    A failed write raises and leaves no temporary file behind."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors=errors) as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
