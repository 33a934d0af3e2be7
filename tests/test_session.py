"""The learner's session (tutor.session): one rule for the current exercise,
where to start and the next unsolved one, shared by the app, the REPL,
``watch`` and ``check``; and one grader for the session."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pytest

from tutor.progress import ExerciseProgress
from tutor.session import (SESSION_RUNS, LearnerSession, SessionGrader, current_exercise, first_visible_seed,
                           next_unsolved, solution_allowed, start_exercise)

ORDER = ["a", "b", "c", "d"]
SOLVED = ExerciseProgress(attempts=1, solved=True, best_score=1.0)
TRIED = ExerciseProgress(attempts=1)


def test_current_is_the_last_opened_else_the_first_unsolved_else_the_first():
    assert current_exercise(ORDER, {"a": SOLVED}, "c") == "c"
    assert current_exercise(ORDER, {"a": SOLVED, "b": TRIED}, None) == "b"
    assert current_exercise(ORDER, {"a": SOLVED}, "gone-from-the-pack") == "b"
    assert current_exercise(ORDER, {x: SOLVED for x in ORDER}, None) == "a"
    assert current_exercise([], {}, None) is None


def test_next_unsolved_looks_after_the_exercise_then_wraps_and_never_returns_it():
    progress = {"a": TRIED, "c": SOLVED}
    assert next_unsolved(ORDER, progress, after="b") == "d"
    assert next_unsolved(ORDER, progress, after="d") == "a"
    assert next_unsolved(ORDER, progress) == "a"
    assert next_unsolved(ORDER, {x: SOLVED for x in "acd"}, after="b") is None


def test_start_is_the_current_one_moved_on_when_it_is_solved():
    assert start_exercise(ORDER, {"a": SOLVED}, "b") == "b"
    assert start_exercise(ORDER, {"a": SOLVED, "c": SOLVED}, "c") == "d"  # after it, not the first unsolved (b)
    assert start_exercise(ORDER, {"a": SOLVED}, None) == "b"
    everything = {x: SOLVED for x in ORDER}
    assert start_exercise(ORDER, everything, "c") == "c"  # nothing left: stay


class _Pack:
    id = "pack"
    exercises = dict.fromkeys(ORDER)

    def exercise(self, exercise_id):
        from tutor.errors import UserError

        if exercise_id not in self.exercises:
            raise UserError(f"no exercise '{exercise_id}'")
        return SimpleNamespace(id=exercise_id)


def test_a_session_reads_and_writes_the_learners_store(tutor_home):
    from tutor.progress import open_store

    grades = []

    def grade(exercise, code):
        grades.append((exercise.id, code))
        if code == "lost":  # the grader's own processes failed: no verdict (verdict.grader_fault)
            return SimpleNamespace(score=0.0, max_score=1.0, fault="grader", status="error")
        if code.endswith("exit()"):  # every point, then an error: the check says "error", and so does the store
            return SimpleNamespace(score=1.0, max_score=1.0, fault="", status="error")
        return SimpleNamespace(score=1.0, max_score=1.0, fault="", status="passed")

    session = LearnerSession(_Pack(), SessionGrader(grade_fn=grade))
    assert session.start() == "a" and session.current() == "a"
    session.select("c")
    assert session.exercise.id == "c" and session.current() == "c"
    session.check(session.exercise, "lost")  # no attempt of the learner's
    with open_store() as store:
        assert store.exercise("pack", "c").attempts == 0
    session.check(session.exercise, "x = 1\nexit()")
    assert not session.is_solved("c")
    with open_store() as store:
        assert store.exercise("pack", "c").attempts == 1
    session.check(session.exercise, "x = 1")
    assert grades == [("c", "lost"), ("c", "x = 1\nexit()"), ("c", "x = 1")] and session.is_solved("c")
    assert session.start() == "d" and session.next_unsolved() == "d"
    assert session.start("a") == "a"
    with pytest.raises(Exception, match="no exercise"):
        session.start("zzz")
    assert session.take_hint("d") == 1 and session.hints_taken("d") == 1
    with open_store() as store:
        assert store.current("pack") == "c" and store.exercise("pack", "c").solved


def test_a_closed_grader_says_so():
    from tutor.errors import UserError

    grader = SessionGrader()
    grader.close()
    grader.close()
    with pytest.raises(UserError, match="stopped"):
        grader.grade(SimpleNamespace(id="a"), "")


def test_run_uses_the_first_visible_trials_seed():
    trial = SimpleNamespace
    assert first_visible_seed(SimpleNamespace(trials=[trial(seed=3, hidden=True), trial(seed=9, hidden=False)])) == 9
    assert first_visible_seed(SimpleNamespace(trials=[trial(seed=3, hidden=True)])) == 3
    assert first_visible_seed(SimpleNamespace(trials=[])) == 0


def test_the_solution_opens_as_the_pack_says():
    def ex(show, after=2, solution="y = 1"):
        return SimpleNamespace(id="a", solution=solution, show_solution=show, solution_after_attempts=after)

    assert solution_allowed(ex("always"), {})[0]
    assert not solution_allowed(ex("never"), {"a": SOLVED})[0]
    assert not solution_allowed(ex("after_solved"), {"a": TRIED})[0]
    assert solution_allowed(ex("after_solved"), {"a": SOLVED})[0]
    allowed, why = solution_allowed(ex("after_attempts"), {"a": TRIED})
    assert not allowed and "after 2 checks" in why
    assert solution_allowed(ex("after_attempts", after=1), {"a": TRIED})[0]
    assert not solution_allowed(ex("always", solution=""), {})[0]


def test_one_grader_setting_for_every_front_end(monkeypatch):
    """The app, the REPL, ``watch`` and ``check`` all grade through SessionGrader: one worker, answering first (a one-off ``check`` warms up on need)."""
    from tutor.app.services import Services

    made, pools = [], []

    class Grader:
        def __init__(self, **settings):
            made.append(settings)
            self.pool = settings["pool"] or SimpleNamespace(start=lambda: None)

        def grade(self, submissions):
            return [SimpleNamespace(code=s.code) for s in submissions]

        def close(self):
            pass

    class Pool:  # start() makes the pool before the grader, and the grader takes it
        def __init__(self, jobs, **settings):
            pools.append({"jobs": jobs, **settings})

        def start(self):
            pass

    monkeypatch.setattr("tutor.grade.grader.Grader", Grader)
    monkeypatch.setattr("tutor.grade.pool.WorkerPool", Pool)
    grader = SessionGrader(timeout=5.0)
    grader.start()
    assert grader.grade(SimpleNamespace(id="a"), "x = 1").code == "x = 1"
    grader.close()
    assert pools == [{"jobs": 1, "warm": "later", "expect": SESSION_RUNS}]
    assert len(made) == 1 and isinstance(made[0].pop("pool"), Pool)
    assert made == [{"jobs": 1, "timeout": 5.0, "warm": "later", "expect": SESSION_RUNS}]
    assert isinstance(Services().grader, SessionGrader) and isinstance(LearnerSession(_Pack()).grader, SessionGrader)


def test_the_worker_starts_before_the_graders_judging_modules_load():
    """``start`` makes and starts the pool without importing the grader (numpy,
    the check kinds: some 0.3 s), so the worker's torch import begins first."""
    script = (
        "import sys, threading\n"
        "from tutor.grade.pool import WorkerPool\n"
        "started = threading.Event()\n"
        "WorkerPool.start = lambda self: (started.set(), self)[1]\n"
        "from tutor.session import SessionGrader\n"
        "g = SessionGrader()\n"
        "g.start()\n"
        "assert started.wait(30)\n"
        "print(sorted(m for m in ('tutor.grade.grader', 'numpy', 'tutor.grade.kinds') if m in sys.modules))\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]", proc.stdout
