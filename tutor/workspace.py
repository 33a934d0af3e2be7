"""The learner's solution file for one exercise: ``<exercise-id>.py``, as the
app's editor, the line REPL and ``watch`` all keep it.

Saved atomically (tutor.atomic), so a crash leaves the old or the new text,
never half of either. Changes made by another program are noticed
by comparing the file's (mtime, size, text) with what this process last wrote
or read. Old versions are kept in a history folder beside the workspace (not
inside it: the workspace must stay a valid submission folder).
"""

from __future__ import annotations

import time
from pathlib import Path

from tutor import sourcefile
from tutor.atomic import write_atomic


class WorkspaceFile:
    def __init__(self, path: Path, history_dir: Path) -> None:
        self.path = Path(path)
        self.history_dir = Path(history_dir)
        self._known: str | None = None  # the text on disk as far as we know
        self._stamp: tuple[int, int] | None = None

    @classmethod
    def for_exercise(cls, pack_id: str, exercise_id: str) -> WorkspaceFile:
        from tutor.paths import data_dir, workspace_file

        path = workspace_file(pack_id, exercise_id)
        return cls(path, data_dir() / "history" / path.parent.name / path.stem)

    def _stat(self) -> tuple[int, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size)

    def load(self, starter: str) -> str:
        """The saved text, or the starter (written out) on first open."""
        try:
            text = self._decode(self.path.read_bytes())
        except FileNotFoundError:
            text = starter
            self.save(text)
            return text
        self._known, self._stamp = text, self._stat()
        return text

    def _decode(self, data: bytes) -> str:
        """The file's text (NOTE [source as Python reads it], sourcefile.py).
        The editor saves UTF-8: a file in another encoding (edited in another
        program) is first kept in the history byte for byte, so nothing the
        learner wrote is lost when the editor next saves it."""
        try:
            return data.decode("utf-8").removeprefix(sourcefile.BOM)
        except UnicodeDecodeError:
            self.keep_in_history(data.decode("utf-8", errors="surrogateescape"), "not-utf-8",
                                 errors="surrogateescape")
            return sourcefile.decode(data)

    def save(self, text: str) -> bool:
        """Write ``text`` if it differs from what is on disk; True if written."""
        if text == self._known and self.path.exists():
            return False  # unchanged since we last wrote or read it (a newer disk version wins)
        write_atomic(self.path, text)
        self._known, self._stamp = text, self._stat()
        return True

    def changed_on_disk(self) -> str | None:
        """The file's new text if another program changed it since we last looked."""
        stamp = self._stat()
        if stamp is None or stamp == self._stamp:
            return None
        try:
            text = self._decode(self.path.read_bytes())
        except OSError:
            return None
        self._stamp = stamp
        if text == self._known:
            return None
        self._known = text
        return text

    def keep_in_history(self, text: str, reason: str = "reset", errors: str = "strict") -> Path:
        """Keep a copy of ``text`` (before a reset) and return where it went
        (``errors``: as for ``write_atomic``)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.history_dir / f"{stamp}-{reason}.py"
        n = 1
        while target.exists():
            n += 1
            target = self.history_dir / f"{stamp}-{reason}-{n}.py"
        write_atomic(target, text, errors=errors)
        return target

    def history(self) -> list[Path]:
        if not self.history_dir.is_dir():
            return []
        return sorted(self.history_dir.glob("*.py"))
