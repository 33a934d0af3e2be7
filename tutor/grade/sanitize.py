"""Text a submission controls, made safe to print and to store.

Output, exception messages and file names come from untrusted code. In a
report they must be valid Unicode (no lone surrogates) and valid XML 1.0 (no
C0 controls but tab and newlines); in a terminal or a CI log they must not
repaint the screen (escape sequences) or speak to the CI runner (a line that
starts with ``::`` is a GitHub Actions command, ``##[`` and ``##vso[`` are
Azure's).
"""

from __future__ import annotations

import re

# CSI / OSC / other ESC sequences, then any remaining C0 (but \t \n) and C1
# control, DEL, and the non-characters XML cannot hold.
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-Z\\-_])")
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")
_CI_COMMAND = re.compile(r"^(\s*)(::|##\[|##vso\[)", re.MULTILINE)


def text(value: object, limit: int = 100_000) -> str:
    """Valid Unicode and XML: surrogates replaced, escapes and control
    characters removed (\\r becomes \\n), at most ``limit`` characters."""
    if not isinstance(value, str):
        value = "" if value is None else str(value)
    if len(value) > limit:
        value = value[:limit] + " [...]"
    value = value.encode("utf-8", "replace").decode("utf-8")  # lone surrogates -> '?'
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    value = _ESCAPES.sub("", value)
    return _CONTROLS.sub("", value)


def log(value: object, limit: int = 100_000) -> str:
    """``text`` that no CI runner reads as a command: such lines get a
    leading '| ', which shows the line and takes away its power."""
    return _CI_COMMAND.sub(lambda m: m.group(1) + "| " + m.group(2), text(value, limit))


def name(value: object) -> str:
    """A file or folder name, on one line."""
    return log(value, 200).replace("\n", " ").replace("\t", " ")
