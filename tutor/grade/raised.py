"""What the code under test raised, as plain data for the grader, and who
raised it (the origin a ``raises`` check asks for: docs/pack-format.md).

Runs inside the sandboxed child, after the code raised; every path it
compares with is taken at import, before any submitted code runs.
"""

from __future__ import annotations

import dis
import os
import sysconfig
import traceback

import torch

from tutor.grade.protocol import CODE_FILE, SETUP_FILE  # the names the run compiles them under


def describe_exception(exc: BaseException, filename: str) -> dict:
    kind = type(exc)
    try:
        message = str(exc)[:4000]
    except BaseException:
        message = "<the exception's message could not be read>"
    frames = [
        frame for frame in traceback.extract_tb(exc.__traceback__) if frame.filename in (SETUP_FILE, CODE_FILE)
    ]
    if isinstance(exc, SyntaxError) and exc.filename in (SETUP_FILE, CODE_FILE):
        lines = traceback.format_exception_only(kind, exc)
    else:
        lines = ["Traceback (most recent call last):\n", *traceback.format_list(frames),
                 f"{kind.__name__}: {message}\n"]
    return {
        "type": kind.__name__,
        "module": kind.__module__,
        "mro": [f"{c.__module__}.{c.__qualname__}" for c in kind.__mro__],
        "message": message,
        "traceback": "".join(lines)[-6000:],
        "line": frames[-1].lineno if frames else getattr(exc, "lineno", None),
        "origin": exception_origin(exc),
    }


# Where library code lives: torch, numpy and Python's standard library (read-only
# in the sandbox). Taken at import, before any submitted code runs.
_LIBRARY_DIRS = tuple(d.rstrip(os.sep) + os.sep for d in {
    os.path.dirname(torch.__file__), os.path.dirname(os.__file__),
    sysconfig.get_paths().get("stdlib", ""), sysconfig.get_paths().get("platstdlib", ""),
    os.path.dirname(os.path.dirname(__import__("numpy").__file__)) + os.sep + "numpy",
} if d)
_RAISES = frozenset(dis.opmap[name] for name in ("RAISE_VARARGS", "RERAISE") if name in dis.opmap)


def exception_origin(exc: BaseException) -> str:
    """"code": raised by a `raise` statement in code the submission wrote (its
    file, a function it defined, exec'd text, a module it wrote to disk);
    "library": raised by torch, numpy or Python itself (a failed operation, an
    error from C). Decided by the innermost frame of the traceback: where its
    code object lives, and the instruction it stopped at."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return "library"
    code = tb.tb_frame.f_code
    if code.co_filename.startswith(_LIBRARY_DIRS):
        return "library"
    try:
        op = code.co_code[tb.tb_lasti]
    except IndexError:
        return "code"
    return "code" if op in _RAISES else "library"
