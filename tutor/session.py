"""The learner's session: one pack, where the learner is in it, and the grader
that checks their work. Torch-free and UI-free.

The app, the line REPL (``tutor.repl``), ``watch`` and ``check`` ask the same
questions, so each is answered here once:

- **current**: the exercise last opened or checked, else the first one not
  solved, else the first (what ``check`` with no exercise checks);
- **start**: where a front end opens: the exercise asked for, else the
  current one, moved on to the next unsolved one when it is solved already;
- **next unsolved**: the first exercise not solved after a given one,
  wrapping round to the start of the course;
- **how a check runs**: one :class:`SessionGrader` for the whole session.

Progress lives in the SQLite store (tutor.progress), opened for each question
and closed again, so any thread may ask and a ``check`` in another terminal is
seen at once.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Mapping, Sequence

from tutor.i18n import _

Progress = Mapping[str, Any]  # exercise id -> tutor.progress.ExerciseProgress


# ----------------------------------------------------------------- the policy


def is_solved(progress: Progress, exercise_id: str) -> bool:
    state = progress.get(exercise_id)
    return bool(state and state.solved)


def current_exercise(order: Sequence[str], progress: Progress, last: str | None) -> str | None:
    """The one last opened or checked (``last``), else the first not solved,
    else the first; None only for a pack without exercises."""
    if last in order:
        return last
    return next_unsolved(order, progress) or (order[0] if order else None)


def next_unsolved(order: Sequence[str], progress: Progress, after: str | None = None) -> str | None:
    """The first exercise not solved after ``after`` (never ``after`` itself),
    then from the start of the course; None when every other one is solved."""
    order = list(order)
    start = order.index(after) + 1 if after in order else 0
    for exercise_id in [*order[start:], *order[:start]]:
        if exercise_id != after and not is_solved(progress, exercise_id):
            return exercise_id
    return None


def start_exercise(order: Sequence[str], progress: Progress, last: str | None) -> str | None:
    """Where work resumes: the current exercise, or the next unsolved one
    after it when it is solved. When everything is solved, the current one."""
    current = current_exercise(order, progress, last)
    if current is not None and is_solved(progress, current):
        return next_unsolved(order, progress, after=current) or current
    return current


def first_visible_seed(exercise: Any) -> int:
    """The seed a front end's Run uses, so that Run agrees with Check: the
    first trial whose inputs feedback may show (the grader's first trial)."""
    trials = list(getattr(exercise, "trials", []) or [])
    for trial in trials:
        if not trial.hidden:
            return trial.seed
    return trials[0].seed if trials else 0


def solution_allowed(exercise: Any, progress: Progress) -> tuple[bool, str]:
    """Whether the pack lets the learner see the solution now, and if not, why (a sentence)."""
    state = progress.get(exercise.id)
    solved = bool(state and state.solved)
    attempts = state.attempts if state else 0
    if not exercise.solution:
        return False, _("this exercise has no solution to show")
    if exercise.show_solution == "always":
        return True, ""
    if exercise.show_solution == "never":
        return False, _("this pack does not show the solution of this exercise")
    if exercise.show_solution == "after_solved":
        return solved, _("the solution opens once you have solved the exercise")
    needed = exercise.solution_after_attempts
    return solved or attempts >= needed, _("the solution opens after {needed} checks (you have made {attempts})").format(
        needed=needed, attempts=attempts)


# ----------------------------------------------------------------- the grader


# The runs one learner's worker makes in a session, some 20 checks of a few
# runs each: what its heap's fold into huge pages must pay back over
# (NOTE [collapse pays], tutor/grade/hugepages.py). Where huge pages are cheap the
# worker folds it all, as before; where each costs tens of milliseconds, it
# spends no seconds of the learner's CPU on a fold their checks never repay.
SESSION_RUNS = 100


class SessionGrader:
    """The one grader of a learner's session, kept for every check it makes.

    One worker, the same for the app, the REPL, ``watch`` and ``check``: the
    runs of one exercise take tens of milliseconds each, while every further
    worker costs another torch import (and its memory, beside the kernel's).
    The worker answers its first check before warming torch.func up, and
    warms up while it waits for the next (``warm="later"``: a session of
    many checks); a one-off ``check`` warms up only if a run needs it
    (``warm="need"``, NOTE [warm on need]).

    ``grade_fn(exercise, code)`` replaces the grader (the app's UI tests).
    Thread-safe: the app grades in a worker thread.
    """

    def __init__(self, *, timeout: float | None = None, warm: str = "later",
                 grade_fn: Callable[[Any, str | None], Any] | None = None) -> None:
        self.timeout = timeout
        self.warm = warm
        self.grade_fn = grade_fn
        self._grader: Any = None
        self._pool: Any = None  # made by start() before the grader, which then takes it
        self._lock = threading.Lock()
        self._starting: threading.Thread | None = None
        self._closed = False

    def start(self) -> None:
        """Start the worker (it imports torch) in the background and return:
        it overlaps whatever the front end does next (loading the pack, and
        the grader's own modules: the pool is made first, without them, so
        the worker starts some 0.3 s sooner). Without it the first check
        starts the worker."""
        if self.grade_fn is not None or self._starting is not None:
            return
        from tutor.grade.pool import WorkerPool  # light: the grader's judging modules load later

        with self._lock:
            if self._grader is None and self._pool is None and not self._closed:
                self._pool = WorkerPool(1, warm=self.warm, expect=SESSION_RUNS)
            pool = self._pool or self._make().pool
        self._starting = threading.Thread(target=self._start_pool, args=(pool,), name="grader-start", daemon=True)
        self._starting.start()

    @staticmethod
    def _start_pool(pool: Any) -> None:
        try:
            pool.start()
        except Exception:  # noqa: BLE001  (the first run starts it again and reports why)
            pass

    def _make(self) -> Any:
        """The grader (made on first use; call with the lock held)."""
        from tutor.errors import UserError

        if self._closed:
            raise UserError(_("the grader was stopped"))
        if self._grader is None:
            from tutor.grade.grader import Grader

            self._grader = Grader(jobs=1, timeout=self.timeout, warm=self.warm, expect=SESSION_RUNS, pool=self._pool)
            self._pool = None  # the grader's now
        return self._grader

    def grade(self, exercise: Any, code: str | None) -> Any:
        """Grade ``code`` in isolated runs (blocking); returns the ExerciseResult."""
        if self.grade_fn is not None:
            return self.grade_fn(exercise, code)
        from tutor.grade.grader import Submission

        if self._starting is not None:
            self._starting.join()
        with self._lock:
            (result,) = self._make().grade([Submission(exercise, code)])
        return result

    def close(self) -> None:
        """Stop the worker (and any run it has: a run dies with its monitor). Closing twice is harmless."""
        self._closed = True
        grader, self._grader = self._grader, None  # not under the lock: a check may hold it, and this stops it
        pool, self._pool = self._pool, None
        for owner in (grader, pool):
            if owner is not None:
                owner.close()

    def __enter__(self) -> SessionGrader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------- the session


class LearnerSession:
    """One learner in one pack: the exercise they are on, what comes next, and
    their checks. ``store`` opens the progress store (default: the learner's)."""

    def __init__(self, pack: Any, grader: SessionGrader | None = None, *,
                 store: Callable[[], Any] | None = None) -> None:
        self.pack = pack
        self.grader = grader if grader is not None else SessionGrader()
        self._store = store or _open_store
        self.exercise: Any = None  # the one this front end has open (select)

    @property
    def order(self) -> list[str]:
        """The pack's exercises in course order."""
        return list(self.pack.exercises)

    def progress(self) -> dict[str, Any]:
        """Progress of every exercise that has any, read now."""
        with self._store() as store:
            return store.pack(self.pack.id)

    def _where(self) -> tuple[Progress, str | None]:
        with self._store() as store:
            return store.pack(self.pack.id), store.current(self.pack.id)

    def current(self) -> str | None:
        progress, last = self._where()
        return current_exercise(self.order, progress, last)

    def start(self, requested: str | None = None) -> str | None:
        """Where a front end opens: ``requested`` (UserError if the pack has no
        such exercise), else :func:`start_exercise`."""
        if requested is not None:
            return self.pack.exercise(requested).id
        progress, last = self._where()
        return start_exercise(self.order, progress, last)

    def next_unsolved(self, after: str | None = None) -> str | None:
        """The next unsolved exercise after ``after`` (default: the open one)."""
        if after is None and self.exercise is not None:
            after = self.exercise.id
        return next_unsolved(self.order, self.progress(), after)

    def is_solved(self, exercise_id: str) -> bool:
        return is_solved(self.progress(), exercise_id)

    def select(self, exercise_id: str) -> Any:
        """Open ``exercise_id``: it becomes the current exercise, here and in the store."""
        exercise = self.pack.exercise(exercise_id)
        self.exercise = exercise
        with self._store() as store:
            store.set_current(self.pack.id, exercise.id)
        return exercise

    def check(self, exercise: Any, code: str | None) -> Any:
        """Grade ``code`` for ``exercise`` and record the attempt (blocking:
        from a worker thread in the app). Returns the ExerciseResult."""
        result = self.grader.grade(exercise, code)
        if result.fault == "grader":  # no verdict, so no attempt of the learner's
            return result
        with self._store() as store:
            store.record_attempt(self.pack.id, exercise.id, score=result.score, max_score=result.max_score,
                                 status=result.status)
        return result

    def hints_taken(self, exercise_id: str) -> int:
        with self._store() as store:
            return store.hints_taken(self.pack.id, exercise_id)

    def take_hint(self, exercise_id: str) -> int:
        """Count one more hint; returns how many have been taken now."""
        with self._store() as store:
            return store.take_hint(self.pack.id, exercise_id)

    def close(self) -> None:
        self.grader.close()


def _open_store() -> Any:
    from tutor.progress import open_store

    return open_store()
