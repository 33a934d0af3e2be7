"""Code that raises is not solved, on a hidden trial too: its checks are
judged on the state it reached, and the status says it raised, in the
words a hidden trial allows (nothing of the trial's inputs or traceback)."""

from __future__ import annotations

from support import make_exercise

from tutor.grade.grader import Grader, Submission

SETUP = "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\ny = (x * x).sum()\ny.backward()\n"
CHECKS = [{"kind": "value", "expr": "done"}]


def _grade(trials, code):
    exercise = make_exercise("after-backward", SETUP, "done = x.grad is not None\n", CHECKS, trials=trials)
    with Grader(jobs=1, sandbox="off") as grader:
        (result,) = grader.grade([Submission(exercise, code)])
    return result


def test_right_answers_then_an_error_is_not_solved_where_every_trial_is_hidden():
    # which-grads-are-none, found by probing: the answers bound, then
    # `loss.backward()` again on a freed graph, read "solved".
    code = "done = x.grad is not None\ny.backward()\n"
    result = _grade([{"seed": 0, "hidden": True}, {"seed": 1, "hidden": True}], code)
    assert result.status == "error" and not result.passed, (result.status, result.error)
    assert result.score == result.max_score  # the checks judged what it bound
    assert result.error == "on a hidden trial, your code raised an exception.", result.error
    visible = _grade([{"seed": 0}, {"seed": 1, "hidden": True}], code)
    assert visible.status == "error" and "backward through the graph a second time" in visible.error


def test_code_that_does_not_raise_is_solved_on_hidden_trials():
    result = _grade([{"seed": 0, "hidden": True}], "done = x.grad is not None\n")
    assert result.status == "passed" and result.passed, (result.status, result.error)
