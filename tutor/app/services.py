"""What the app talks to, behind one small object so tests can swap it.

``Services`` makes the kernel client, opens the learner's session (the pack,
their progress and the grader: tutor.session) and the progress store. The
real ones start ``python -m tutor.kernel`` and grade in the grader's isolated
worker processes; the UI process imports neither torch nor anything that does.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from tutor.session import SessionGrader


@dataclass
class Services:
    pack_ref: str | None = None
    lang: str = "en"
    device: str = "auto"
    kernel_factory: Callable[[str], Any] | None = None  # device -> KernelClient-like
    grade_fn: Callable[[Any, str], Any] | None = None  # (exercise, code) -> ExerciseResult, instead of grading
    # The session's grader: its worker starts with the first check, not
    # before (the kernel is importing torch at start-up).
    grader: SessionGrader = field(init=False, repr=False)
    _pending: Any = field(init=False, repr=False, default=None)  # a session loading in a thread
    _cached: Any = field(init=False, repr=False, default=None)  # the pack cache's entry the preview read

    def __post_init__(self) -> None:
        self.grader = SessionGrader(grade_fn=self.grade_fn)

    def make_kernel(self) -> Any:
        if self.kernel_factory is not None:
            return self.kernel_factory(self.device)
        from tutor.kernel.client import KernelClient, KernelOptions

        return KernelClient(KernelOptions(device=self.device), seed=0)

    def lesson_preview(self) -> Any:
        """The opened exercise's texts from the pack cache (tutor.app.preview.LessonPreview),
        or None when the cache does not hold the pack unchanged. Quick: never validates,
        imports no models; the session then opens from the same cache entry."""
        from tutor.app.preview import read_preview
        from tutor.pack import cached

        try:
            self._cached = cached(self.pack_ref)
            return read_preview(self._cached, self.lang, self.store)
        except Exception:  # noqa: BLE001 - a preview is optional; the session reports what is wrong
            return None

    def prefetch_session(self) -> None:
        """Start loading the pack and opening the session now, in a thread;
        the next ``open_session`` returns what it made (or raises what it raised)."""
        if self._pending is None:
            self._pending = _Pending(self._open_session)

    def session_ready(self) -> bool:
        """Whether ``open_session`` would return at once (the prefetch finished, well or not)."""
        return self._pending is not None and self._pending.done()

    def open_session(self) -> Any:
        """The learner's session in the pack (loads the pack: call from a worker thread)."""
        pending, self._pending = self._pending, None
        if pending is not None:
            return pending.result()
        return self._open_session()

    def _open_session(self) -> Any:
        from tutor.pack import load_pack, valid_pack
        from tutor.session import LearnerSession

        entry, self._cached = self._cached, None
        pack = valid_pack(entry) if entry is not None else load_pack(self.pack_ref)
        return LearnerSession(pack, self.grader, store=self.store)

    def close(self) -> None:
        self.grader.close()

    def store(self) -> Any:
        from tutor.paths import progress_db
        from tutor.progress import ProgressStore

        # A full-screen app has nowhere to print a warning (a corrupt file is moved aside anyway).
        return ProgressStore(progress_db(), warn=lambda message: None)


class _Pending:
    """A call running in a daemon thread, and its outcome."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self._done = threading.Event()
        self._value: Any = None
        self._error: BaseException | None = None
        self._fn = fn
        threading.Thread(target=self._run, name="prefetch-session", daemon=True).start()

    def _run(self) -> None:
        try:
            self._value = self._fn()
        except BaseException as exc:  # noqa: BLE001 - handed to whoever asks for the result
            self._error = exc
        finally:
            self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def result(self) -> Any:
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._value
