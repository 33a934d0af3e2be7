"""Small dataclass messages: workers and threads post them, handlers touch widgets.

Nothing here does work; a message only carries a result to the widget or
screen that owns what it changes (the harlequin/toolong pattern).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message


@dataclass
class KernelStateChanged(Message):
    """``state`` is one of starting, ready, busy, crashed, restarting."""

    state: str
    detail: str = ""


@dataclass
class KernelEvent(Message):
    """A protocol event (Stream, Result, Error, Done, KernelDied) for the transcript."""

    event: Any


@dataclass
class GraphChanged(Message):
    """A new graph snapshot of the namespace (already parsed, off the UI thread)."""

    snapshot: Any  # tutor.graph.model.GraphSnapshot


@dataclass
class PackLoaded(Message):
    pack: Any
    progress: dict
    exercise_id: str | None


@dataclass
class LoadFailed(Message):
    message: str


@dataclass
class RunCode(Message):
    """Send code to the REPL console, echoed as if typed; ``origin`` says from where."""

    code: str
    origin: str = "repl"


@dataclass
class CheckDone(Message):
    exercise_id: str
    result: Any  # tutor.grade.report.ExerciseResult
    code: str


@dataclass
class CheckCrashed(Message):
    exercise_id: str
    message: str


@dataclass
class FileChangedOnDisk(Message):
    """The workspace file was changed by someone else (the learner's own editor)."""

    text: str


@dataclass
class ExerciseChosen(Message):
    exercise_id: str


@dataclass
class NodeSelected(Message):
    node: Any  # GraphNode or None
