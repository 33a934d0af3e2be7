"""Text a submission controls, made safe to print and to store.

Output, exception messages and file names come from untrusted code. In a
report they must be valid Unicode (no lone surrogates) and valid XML 1.0 (no
C0 controls but tab and newlines); in a terminal or a CI log they must not
repaint the screen (escape sequences) or speak to the CI runner (a line that
starts with ``::`` is a GitHub Actions command, ``##[`` and ``##vso[`` are
Azure's).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

# ESC-introduced sequences (CSI, OSC, DCS/SOS/PM/APC strings, two- and
# three-byte escapes) and their 8-bit C1 forms.
_ESCAPES = re.compile(
    r"""
      \x1b\[[0-?]*[ -/]*[@-~]?                # CSI ... final byte
    | \x9b[0-?]*[ -/]*[@-~]?                  # 8-bit CSI
    | [\x1b][\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?   # OSC, DCS, SOS, PM, APC strings
    | [\x9d\x90\x98\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?
    | \x1b[ -/]*[0-~]?                        # any other escape
    """,
    re.VERBOSE,
)
# Control characters other than tab and newline, DEL, the bidirectional
# overrides that can make text read differently from what it is, and the
# non-characters XML cannot hold.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufffe\uffff]")
_CI_COMMAND = re.compile(r"^(\s*)(::|##\[|##vso\[)", re.MULTILINE)


def text(value: object, limit: int | None = 100_000, control: str = "") -> str:
    """Valid Unicode and XML: surrogates replaced, escapes removed, control
    characters replaced by ``control`` (\\r becomes \\n), at most ``limit``
    characters."""
    if not isinstance(value, str):
        value = "" if value is None else str(value)
    if limit is not None and len(value) > limit:
        value = value[:limit] + " [...]"
    value = value.encode("utf-8", "replace").decode("utf-8")  # lone surrogates -> '?'
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    value = _ESCAPES.sub("", value)
    return _CONTROLS.sub(control, value)


def log(value: object, limit: int = 100_000) -> str:
    """``text`` that no CI runner reads as a command: such lines get a
    leading '| ', which shows the line and takes away its power."""
    return _CI_COMMAND.sub(lambda m: m.group(1) + "| " + m.group(2), text(value, limit))


def name(value: object) -> str:
    """A file or folder name, on one line."""
    return log(value, 200).replace("\n", " ").replace("\t", " ")


# Unicode's default-ignorable code points: invisible, and skipped by the
# culture-sensitive string search .NET does with ICU (the Actions runner is a
# .NET program), so text must not lean on them to keep a line from being read
# as a workflow command.
_IGNORABLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
                        "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
                        "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
# The runner's older command syntax, ``##[command]data``, is found anywhere in
# a line, not only at its start (actions/runner src/Runner.Common/
# ActionCommand.cs, TryParse: ``message.IndexOf("##[")``); Azure's ``##vso[`` too.
_OLD_COMMAND = re.compile(r"##(?=\[|vso\[)", re.IGNORECASE)


def ci_log(value: object, limit: int = 100_000) -> str:
    """Text for a CI job's log that no runner reads as a command: what
    ``sanitize.log`` does (a line starting with ``::`` gets a leading ``| ``),
    and no invisible character before it, and no ``##[`` anywhere."""
    visible = _IGNORABLE.sub("", text(value, limit))
    return _OLD_COMMAND.sub("# #", log(visible, limit=None))


def ci_name(value: object, limit: int = 200) -> str:
    """``ci_log`` on one line: a name printed in a CI log."""
    return re.sub(r"\s", " ", ci_log(value, limit))


# NOTE [names shown apart]
# A student is known in every report by the name of their folder, so two folders
# must never show alike, and a name must read the same in every report. ``visible``
# is one to one: what does not show (controls, format characters such as bidi
# overrides and zero-width spaces, the surrogates os.fsdecode makes of bytes that
# are not UTF-8, separators, unassigned and default-ignorable code points) is
# written as its Python escape (\x01, \u202e, \udcff) and a backslash as \\.
# So is what a report would drop or change: spaces at either end or doubled
# (Markdown, the terminal), a leading ``::`` and the ``#`` of ``##[`` (``log``,
# ``ci_log``); and every non-ASCII character of a name that is not in NFC, which
# would draw as its composed twin does. Then ``name`` and ``ci_name`` leave it as it is.
NAME_LIMIT = 200
_HIDDEN = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs")
_COMMAND_AFTER_HASH = re.compile(r"\[|vso\[", re.IGNORECASE)


def _escape(char: str) -> str:
    n = ord(char)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def _pieces(value: str) -> list[str]:
    out = []
    # Two spellings of one text (NFC "josé" and NFD "jose" + U+0301, as a Mac writes a folder's name)
    # draw alike: a name that is not NFC shows its non-ASCII characters escaped.
    decomposed = not unicodedata.is_normalized("NFC", value)
    for i, char in enumerate(value):
        if char == "\\":
            out.append("\\\\")
        elif decomposed and not char.isascii():
            out.append(_escape(char))
        elif char == " ":
            out.append(_escape(char) if i in (0, len(value) - 1) or value[i - 1] == " " else char)
        elif (unicodedata.category(char) in _HIDDEN or _IGNORABLE.match(char)
              or (char == ":" and i == 0 and value.startswith("::"))
              or (char == "#" and value[i - 1:i] == "#" and _COMMAND_AFTER_HASH.match(value, i + 1))):
            out.append(_escape(char))
        else:
            out.append(char)
    return out


def visible(value: str, limit: int | None = None) -> str:
    """A folder's name as reports show it (NOTE [names shown apart]). Over
    ``limit`` characters, it is cut and ends in "…" and a digest of the
    whole, with room left for a "~N" that tells apart two cut alike."""
    pieces = _pieces(value)
    whole = "".join(pieces)
    if limit is None or len(whole) <= limit:
        return whole
    digest = hashlib.sha256(whole.encode("utf-8")).hexdigest()[:12]
    kept, room = [], limit - len(digest) - 1 - 8
    for piece in pieces:
        room -= len(piece)
        if room < 0:
            break
        kept.append(piece)
    return "".join(kept) + "…" + digest


def visible_path(path: str) -> str:
    """A path with each of its parts ``visible``: a student's folder reads as their name does."""
    return "/".join(visible(part) for part in path.split("/"))
