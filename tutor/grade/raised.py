"""What the code under test raised, as plain data for the grader, and who
raised it (the origin a ``raises`` check asks for: docs/pack-format.md).

Runs inside the sandboxed child, after the code raised; every path it
compares with is taken at import, before any submitted code runs.
"""

from __future__ import annotations

import dis
import os
import sys
import sysconfig
import traceback
import types

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
    grader = grader_frame(exc)
    if isinstance(exc, SyntaxError) and exc.filename in (SETUP_FILE, CODE_FILE):
        lines = traceback.format_exception_only(kind, exc)
    else:
        lines = ["Traceback (most recent call last):\n", *traceback.format_list(frames + grader),
                 f"{kind.__name__}: {message}\n"]
    return {
        "type": kind.__name__,
        "module": kind.__module__,
        "mro": [f"{c.__module__}.{c.__qualname__}" for c in kind.__mro__],
        "message": message,
        "traceback": "".join(lines)[-6000:],
        "line": frames[-1].lineno if frames else getattr(exc, "lineno", None),
        "origin": "grader" if grader else exception_origin(exc),
    }


# NOTE [an error in the grader's own code]
# The observers run inside the code's calls (a wrapped torch.autograd.grad, a
# hook registration): a bug of ours there (a NameError, an AttributeError)
# surfaced as "your code raised NameError at line 5". Such an exception is the
# grader's when the innermost frame of its traceback runs one of the grader's
# own code objects, the very objects (by identity, never by file name: code
# compiled under our file name is the submission's) that were loaded before the
# code ran, and stopped at an operation that failed, not at a `raise` (the
# observers' deliberate raises stand for torch's own checks), with one of the
# types that in our code only mean a bug. A C function the observer hands the
# code's arguments to raises TypeError or RuntimeError there: still the code's.
# The code can reach our functions and call them with garbage, so "grader"
# decides no verdict: the code did not finish and no check passes; only the
# words change (feedback.raised_words: "a bug in the grader, report it").
_GRADER_CODE: dict[int, types.CodeType] = {}
_TUTOR_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_GRADER_BUGS = (NameError, UnboundLocalError, AttributeError, KeyError, IndexError)


def remember_grader_code() -> None:
    """Before any submitted code runs: every code object of the grader's
    modules loaded now (functions, methods, and what they define inside)."""
    _GRADER_CODE.clear()
    seen: set[int] = set()
    todo: list = [m for name, m in list(sys.modules.items())
                  if (name == "tutor" or name.startswith("tutor.")) and m is not None]
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, types.CodeType):
            if obj.co_filename.startswith(_TUTOR_DIR):
                _GRADER_CODE[id(obj)] = obj
                todo.extend(c for c in obj.co_consts if isinstance(c, types.CodeType))
        elif isinstance(obj, types.FunctionType):
            todo.append(obj.__code__)
        elif isinstance(obj, (staticmethod, classmethod)):
            todo.append(obj.__func__)
        elif isinstance(obj, property):
            todo.extend(f for f in (obj.fget, obj.fset, obj.fdel) if f is not None)
        elif isinstance(obj, (types.ModuleType, type)):
            if str(getattr(obj, "__name__" if isinstance(obj, types.ModuleType) else "__module__", "")
                   ).startswith("tutor"):
                todo.extend(vars(obj).values())
        elif isinstance(obj, (tuple, list, frozenset)) and len(obj) < 1000:
            todo.extend(obj)  # tables of functions (child.py's probe readers)
        elif isinstance(obj, dict) and len(obj) < 1000:
            todo.extend(obj.values())


def grader_frame(exc: BaseException) -> list:
    """[the innermost frame's summary] when NOTE [an error in the grader's own
    code] makes the exception the grader's, else []."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None or type(exc) not in _GRADER_BUGS:
        return []
    code = tb.tb_frame.f_code
    if _GRADER_CODE.get(id(code)) is not code:
        return []
    try:
        if code.co_code[tb.tb_lasti] in _RAISES:
            return []
    except IndexError:
        return []
    where = os.path.relpath(code.co_filename, os.path.dirname(_TUTOR_DIR.rstrip(os.sep)))
    return [traceback.FrameSummary(where, tb.tb_lineno, code.co_name, lookup_line=False)]


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
