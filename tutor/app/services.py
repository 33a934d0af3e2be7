"""What the app talks to, behind one small object so tests can swap it.

``Services`` makes the kernel client, grades a submission and opens the
progress store. The real ones start ``python -m tutor.kernel`` and grade in
the grader's isolated worker processes; the UI process imports neither torch
nor anything that does.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class Services:
    pack_ref: str | None = None
    lang: str = "en"
    device: str = "auto"
    kernel_factory: Callable[[str], Any] | None = None  # device -> KernelClient-like
    grade_fn: Callable[[Any, str], Any] | None = None  # (exercise, code) -> ExerciseResult
    _grader: Any = field(default=None, repr=False)
    _grader_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def make_kernel(self) -> Any:
        if self.kernel_factory is not None:
            return self.kernel_factory(self.device)
        from tutor.kernel.client import KernelClient, KernelOptions

        return KernelClient(KernelOptions(device=self.device), seed=0)

    def load_pack(self) -> Any:
        from tutor.pack import load_pack

        return load_pack(self.pack_ref)

    def grade(self, exercise: Any, code: str) -> Any:
        """Grade in isolated runs (blocking: call from a worker thread)."""
        if self.grade_fn is not None:
            return self.grade_fn(exercise, code)
        from tutor.grade.grader import Grader, Submission, jobs_for

        with self._grader_lock:
            if self._grader is None:
                self._grader = Grader(jobs=jobs_for(exercise))
            (result,) = self._grader.grade([Submission(exercise, code)])
        return result

    def close(self) -> None:
        grader, self._grader = self._grader, None
        if grader is not None:
            grader.close()

    def store(self) -> Any:
        from tutor.progress import ProgressStore
        from tutor.paths import progress_db

        return ProgressStore(progress_db(), warn=lambda message: None)
