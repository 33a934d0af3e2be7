"""What the platform writers share: Markdown that text a submission controls
cannot break, the path of a submission's file as a CI platform names it,
check points cut into equal units, and text cut to a size.

Everything here is plain string work: torch-free, UI-free.
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from pathlib import Path

from tutor.grade import sanitize

ZWSP = "\u200b"  # breaks an autolink, a mention or an issue reference without showing
# What Markdown (CommonMark + GitHub's extensions: tables, strikethrough,
# math, footnotes) reads as markup inside a paragraph or a table cell. Any
# ASCII punctuation may be backslash-escaped (CommonMark, "Backslash escapes").
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()!|~&$^])")
# What GitHub (and linkify) turn into links without any markup: URLs, www.
# domains, e-mail addresses, @mentions, #references, bare domains.
_LINKISH = re.compile(r"(?i)(?<=:)(?=//)|(?<=www)(?=\.)|(?<=[@#])|(?<=\.)(?=[a-z])")
# At the start of a line: list items, setext underlines, thematic breaks.
_LINE_START = re.compile(r"^([-+=])|^(\d{1,9})([.)])")


def log(value: object, limit: int = 100_000) -> str:
    """``sanitize.ci_log``: text for a CI job's log."""
    return sanitize.ci_log(value, limit)


def log_name(value: object, limit: int = 200) -> str:
    """``sanitize.ci_name``: ``log`` on one line."""
    return sanitize.ci_name(value, limit)


def cut(text: str, limit: int) -> str:
    """At most ``limit`` characters, marked when cut."""
    if limit <= 0:
        return ""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "\u2026"


def _escape(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", _LINKISH.sub(ZWSP, text))


def md_inline(value: object, limit: int = 300) -> str:
    """One line of Markdown that shows ``value`` as plain text: safe in a
    table cell (no `|`, no newline), no HTML, link, image, code, emphasis
    or math."""
    text = re.sub(r"\s+", " ", sanitize.text(value, limit=None)).strip()
    return _escape(cut(text, limit))


def md_block(value: object, limit: int = 4000) -> str:
    """Lines of Markdown that show ``value`` as plain text, line for line
    (hard breaks; leading spaces kept as no-break spaces, so no line becomes
    code, a list, a heading or a quote)."""
    text = cut(sanitize.text(value, limit=None).expandtabs(4), limit)
    lines = []
    for line in text.split("\n"):
        indent = len(line) - len(line.lstrip())
        body = re.sub(r"\s", " ", line[indent:])  # other whitespace (\u2028, \xa0...) is a plain space
        body = _LINE_START.sub(lambda m: "\\" + m.group(1) if m.group(1) else m.group(2) + "\\" + m.group(3),
                               _escape(body))
        lines.append("\u00a0" * indent + body)
    return "  \n".join(lines)


def repo_path(folder: Path | str | None, exercise_id: str, workspace: str | None = None) -> str:
    """``file_path`` as the file is named on disk, where a report attribute can hold it (UTF-8, no
    control character): a CI platform finds the file by it (an annotation on `::dan/...` or `back\\slash/...`
    named a file that did not exist, probe of round 33). Else ``file_path``'s visible form. Its
    writers escape it for their format (a workflow command's property, an XML attribute)."""
    visible = file_path(folder, exercise_id, workspace)
    if folder is None:
        return visible
    real = file_path(folder, exercise_id, workspace, visible=False)
    try:
        real.encode("utf-8")
    except UnicodeEncodeError:  # a name that is not UTF-8 (surrogate escapes)
        return visible
    return visible if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in real) else real


def file_path(folder: Path | str | None, exercise_id: str, workspace: str | None = None,
              visible: bool = True) -> str:
    """``<exercise-id>.py`` in ``folder``, as a CI platform names a file of
    the repository: relative to ``workspace`` (the checkout) when inside it,
    else relative to the current folder when inside it, else absolute. Each
    part ``sanitize.visible``: a folder's name can hold what no report can
    (a control character, a byte that is not UTF-8), and reads as the
    student's name does."""
    name = f"{exercise_id}.py"
    if folder is None:
        return name
    path = Path(os.path.abspath(Path(folder) / name))
    shown = sanitize.visible_path if visible else str
    for base in (workspace, os.getcwd()):
        if not base:
            continue
        try:
            return shown(path.relative_to(os.path.abspath(base)).as_posix())
        except ValueError:
            continue
    return shown(path.as_posix())


# ------------------------------------------------------------------- units


def quantum(amounts: list[float], most: int) -> Fraction | None:
    """The largest amount that divides each of ``amounts`` (read as
    fractions with small denominators), or None when that would cut their
    total into more than ``most`` units (or nothing is to be cut)."""
    fractions = [Fraction(a).limit_denominator(1000) for a in amounts if a > 0]
    if not fractions:
        return None
    numerator, denominator = 0, 1
    for f in fractions:
        numerator = _gcd(numerator, f.numerator)
        denominator = denominator * f.denominator // _gcd(denominator, f.denominator)
    unit = Fraction(numerator, denominator) if numerator else None
    if unit is None or sum(fractions) / unit > most:
        return None
    return unit


def units_of(amount: float, unit: Fraction) -> int:
    return round(Fraction(amount).limit_denominator(1000) / unit)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return abs(a)
