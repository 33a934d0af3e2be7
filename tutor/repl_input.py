"""When is a piece of REPL input a whole statement? Torch- and UI-free.

``status`` asks ``codeop`` exactly as Python's interactive interpreter does,
so a compound statement stays open until a blank line. ``iter_cells`` cuts
piped input into cells; it is more lenient than the interactive prompt
(blank lines inside a block are kept, a dedented line closes the block), so
ordinary scripts can be piped in.
"""

from __future__ import annotations

import codeop
import re
import warnings
from collections.abc import Iterable, Iterator
from typing import Literal

Status = Literal["complete", "incomplete", "invalid"]


class Quit(Exception):
    """The learner asked to leave (``exit``, ``:q``, ...: what :func:`guess` calls "quit")."""


def status(source: str) -> Status:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarnings belong to the run, not to typing
        try:
            code = codeop.compile_command(source, "<input>", "single")
        except (SyntaxError, ValueError, OverflowError):
            return "invalid"
    return "incomplete" if code is None else "complete"


def is_magic(line: str) -> bool:
    return line.startswith("%")


# What people used to other shells type for help or to leave. Each gets an
# answer instead of a SyntaxError from Python (or, for ``help()``, pydoc's
# interactive help waiting on a stdin the kernel does not have).
HELP_GUESSES = frozenset({"help", "help()", "?", "??", ":help", ":h", ":?", "%?", "/help", "/?", "--help", "-h",
                          "h?", "%h", "%man", ":man", "man"})
QUIT_GUESSES = frozenset({"exit", "quit", "exit()", "quit()", ":q", ":q!", ":quit", ":exit", ":wq", ":x", "%quit",
                          "%exit", "%q", "/quit", "/exit", "q()"})
_ASK_ABOUT = re.compile(r"^(?:\?{1,2}\s*([A-Za-z_][\w.]*)|([A-Za-z_][\w.]*)\s*\?{1,2})$")

Guess = Literal["help", "quit", "ask"]


def guess(text: str) -> tuple[Guess, str] | None:
    """("help", ""), ("quit", ""), ("ask", name) for IPython's ``name?``, or None."""
    line = text.strip()
    if "\n" in line:
        return None
    lowered = line.lower()
    if lowered in HELP_GUESSES:
        return "help", ""
    if lowered in QUIT_GUESSES:
        return "quit", ""
    match = _ASK_ABOUT.match(line)
    if match:
        return "ask", match.group(1) or match.group(2)
    return None


def should_submit(text: str) -> bool:
    """Enter at the interactive prompt: run the text, or open another line?"""
    lines = text.split("\n")
    if len(lines) > 1 and not lines[-1].strip():
        return True  # a blank line ends a block, as in Python's REPL
    if not text.strip() or is_magic(text.lstrip()) or guess(text) is not None:
        return True
    return status(text) != "incomplete"


def iter_cells(lines: Iterable[str]) -> Iterator[str]:
    """Cells (code or one magic line) from lines of piped input."""
    block: list[str] = []
    for raw in lines:
        line = raw.rstrip("\r\n")
        if block:
            closes = line.strip() and not line[0].isspace()
            if not closes or status(_join(block + [line])) != "invalid":
                block.append(line)
                if closes and status(_join(block)) == "complete":
                    yield _join(block)
                    block = []
                continue
            yield _join(block)
            block = []
        if not line.strip():
            continue
        if is_magic(line) or guess(line) is not None:
            yield line.strip()
        elif status(line) == "incomplete":
            block = [line]
        else:
            yield line
    if block:
        yield _join(block)


def _join(lines: list[str]) -> str:
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return "\n".join(lines)
