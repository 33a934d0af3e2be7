"""A learner's Python file read as Python reads it. Torch-free.

NOTE [source as Python reads it]
``python file.py`` drops a UTF-8 byte order mark (Windows Notepad and some
editors write one) and obeys a coding line (``# -*- coding: gbk -*-``, PEP
263); ``compile()`` of a str does neither. A file saved with a BOM scored 0
on every exercise ("invalid non-printable character U+FEFF" at line 1), and
``check`` refused a file with a comment in GBK. Bytes that decode under
neither are read as UTF-8 with U+FFFD for what does not decode, as ``grade``
always read them: ``check``, ``watch`` and ``grade`` give one file one verdict.
"""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

BOM = "\ufeff"


def decode(data: bytes) -> str:
    """The text of a Python file's bytes (see the NOTE above)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
    except (SyntaxError, UnicodeDecodeError, LookupError):  # a bad coding line, or bytes that fit none
        text = data.decode("utf-8", errors="replace")
    return text.removeprefix(BOM)


def read(path: Path) -> str:
    """``decode`` of the file at ``path``; OSError as ``Path.read_bytes`` raises it."""
    return decode(Path(path).read_bytes())
