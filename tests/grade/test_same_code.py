"""NOTE [same code, same run]: byte-identical learner code for the same
exercise and trial is run once per grade, and an unchanged starter once per
grader; the verdicts are what separate runs give, and code that differs by
one byte runs again. Real sandboxed runs: a run's own draw from os.urandom
is the witness of which run a reply came from."""

from __future__ import annotations

from support import make_exercise

from tutor.grade.grader import Grader, Submission

SETUP = "import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n"
SOLUTION = "y = (x * x).sum()\n"
DRAW = "import os\nprint('draw', os.urandom(8).hex())\n"
STARTER = "# your code here\n" + DRAW


def exercise():
    return make_exercise("square-sum", SETUP, SOLUTION, [{"kind": "value", "expr": "y"}],
                         trials=[{"seed": 0}, {"seed": 1}], starter=STARTER)


def draw(result) -> str:
    return next(line for line in result.output.splitlines() if line.startswith("draw "))


def test_identical_code_shares_one_run_and_its_verdict():
    ex = exercise()
    right = SOLUTION + DRAW
    with Grader(jobs=1, sandbox="require") as grader:
        a, b, other, wrong, wrong_too = grader.grade([
            Submission(ex, right), Submission(ex, right), Submission(ex, right + "# mine\n"),
            Submission(ex, "y = x.sum()\n" + DRAW), Submission(ex, "y = x.sum()\n" + DRAW)])
    assert a.score == b.score == other.score == a.max_score > 0
    assert draw(a) == draw(b)  # one run answered both
    assert draw(other) != draw(a)  # one byte more: its own run
    assert wrong.score == wrong_too.score < a.max_score and draw(wrong) == draw(wrong_too)
    assert [c.passed for c in wrong.checks] == [c.passed for c in wrong_too.checks]


def test_an_unchanged_starter_is_run_once_per_grader():
    ex = exercise()
    with Grader(jobs=1, sandbox="require") as grader:
        (first,) = grader.grade([Submission(ex, STARTER)])
        (again,) = grader.grade([Submission(ex, STARTER), Submission(ex, SOLUTION)])[:1]
        (changed,) = grader.grade([Submission(ex, STARTER + "y = (x * x).sum()\n")])
    assert first.score == again.score == 0
    assert draw(first) == draw(again)
    assert changed.score == changed.max_score and draw(changed) != draw(first)
    with Grader(jobs=1, sandbox="require") as grader:  # another grader runs it again
        (fresh,) = grader.grade([Submission(ex, STARTER)])
    assert fresh.score == 0 and draw(fresh) != draw(first)


def _counted(grader: Grader) -> list:
    """The requests ``grader`` puts on its pool from now on."""
    asked: list = []
    submit_many = grader.pool.submit_many
    grader.pool.submit_many = lambda requests: submit_many(asked.extend(requests) or asked[len(asked) - len(requests):])
    return asked


def _runs_of(grader: Grader, submissions: list) -> tuple[int, list]:
    """The runs one grade asks its (real) pool for, and its results."""
    submit_many = grader.pool.submit_many
    asked = _counted(grader)
    try:
        results = grader.grade(submissions)
        return len(asked), results
    finally:
        grader.pool.submit_many = submit_many


def test_an_unchanged_starter_is_its_exercises_starter_baseline():
    # NOTE [free checks] runs the unchanged starter on the first trial: a
    # learner's unchanged starter is that very request, so it runs once.
    ex = exercise()
    for others in ([], [Submission(ex, SOLUTION + DRAW)]):
        with Grader(jobs=1, sandbox="require") as grader:
            runs, results = _runs_of(grader, [*others, Submission(ex, STARTER)])
        with Grader(jobs=1, sandbox="require") as grader:
            runs_changed, changed = _runs_of(grader, [*others, Submission(ex, STARTER + "# mine\n")])
        assert runs == runs_changed - 1 == 2 * len(others) + 5, (runs, runs_changed)
        assert results[-1].score == changed[-1].score == 0
        assert [c.passed for c in results[-1].checks] == [c.passed for c in changed[-1].checks]
        assert all(r.score == r.max_score for r in results[:-1])


def test_a_batch_queued_behind_another_runs_nothing_twice():
    # NOTE [the next batch queued]: the second batch is queued before the
    # first is judged; the reference, the baselines and the unchanged starter
    # the first one runs are not run again, as in two grades one after the other.
    ex = exercise()
    one = [Submission(ex, SOLUTION + DRAW), Submission(ex, STARTER)]
    two = [Submission(ex, SOLUTION + "# two\n" + DRAW), Submission(ex, STARTER)]
    with Grader(jobs=1, sandbox="require") as grader:
        after = _counted(grader)
        results = grader.grade(one) + grader.grade(two)
    with Grader(jobs=1, sandbox="require") as grader:
        queued = _counted(grader)
        first, second = grader.queue(one), grader.queue(two)
        overlapped = grader.finish(first) + grader.finish(second)
    # two references, the first batch's 2 + 2 learner runs (the starter's
    # first trial is its starter baseline) and its empty baseline, the second's 2
    assert len(queued) == len(after) == 9, (len(queued), len(after))
    full = results[0].max_score
    assert [r.score for r in overlapped] == [r.score for r in results] == [full, 0, full, 0]
    assert draw(overlapped[1]) == draw(overlapped[3])  # the unchanged starter ran once, for both batches


def test_a_run_the_batch_ahead_lost_is_run_by_the_batch_behind():
    # The first batch loses its reference runs (a grader fault, after every
    # retry): the second, which counted on them, runs them itself and is graded.
    from tutor.grade.protocol import RunReply

    ex = exercise()
    with Grader(jobs=1, sandbox="require") as grader:
        run, losing = grader.pool.run, [True]

        def losing_run(r, worker=None):
            if not (losing[0] and r.code == SOLUTION):
                return run(r, worker)
            if worker is not None:  # the worker taken for it goes back unused
                grader.pool._give_back(worker)
            return RunReply.lost("killed from outside")

        grader.pool.run = losing_run
        first = grader.queue([Submission(ex, SOLUTION + DRAW)])
        second = grader.queue([Submission(ex, SOLUTION + "# two\n" + DRAW)])
        (lost,) = grader.finish(first)
        losing[0] = False
        (graded,) = grader.finish(second)
    assert lost.fault == "grader" and lost.status == "error", lost
    assert graded.score == graded.max_score > 0, graded
