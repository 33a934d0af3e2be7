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
    # NOTE [an error every trial raised alike] (feedback.py): the same type at the same line on every trial
    assert result.error.startswith("on every trial, your code raised RuntimeError at line 2 "), result.error
    assert "second time" not in result.error, result.error
    visible = _grade([{"seed": 0}, {"seed": 1, "hidden": True}], code)
    assert visible.status == "error" and "backward through the graph a second time" in visible.error


def test_code_that_does_not_raise_is_solved_on_hidden_trials():
    result = _grade([{"seed": 0, "hidden": True}], "done = x.grad is not None\n")
    assert result.status == "passed" and result.passed, (result.status, result.error)


# NOTE [a name bound nowhere] (unbound.py)
HIDDEN = [{"seed": 0, "hidden": True}, {"seed": 1, "hidden": True}]


def test_a_typo_on_hidden_trials_is_named_from_the_text_and_nothing_of_the_trial_is():
    exercise = make_exercise("after-backward", SETUP, "done = x.grad is not None\n", CHECKS, trials=HIDDEN)
    typo = "answer = 2.0\ndone = answer * tree > 0\n"  # round 35: read only "your code raised an exception"
    # the code's own NameError carries a hidden input: what is said comes of the text alone
    own = "done = True\nraise NameError(f'name {float(x[0]):.6f} is not defined')\n"
    with Grader(jobs=1, sandbox="off") as grader:
        typo_result, own_result = grader.grade([Submission(exercise, typo), Submission(exercise, own)])
    assert typo_result.status == "error"
    assert "`tree` (line 2)" in typo_result.error and "nothing binds" in typo_result.error, typo_result.error
    assert own_result.error.startswith("on every trial, your code raised NameError at line 2 "), own_result.error
    assert "is not defined" not in own_result.error and "0." not in own_result.error, own_result.error


def test_names_the_setup_or_the_code_binds_anywhere_are_not_named():
    from tutor.grade.unbound import unbound_names

    setup = "import math as m\nx = torch.ones(3)\ndef loss_fn(w):\n    return w\n"
    code = ("def f(a, *rest, k=1, **kw):\n    return [b for b in rest] + [m.pi, a, k, kw]\n"
            "class C:\n    pass\n"
            "try:\n    pass\nexcept ValueError as err:\n    print(err)\n"
            "if (n := len(x)) > 0:\n    done = f(n, loss_fn, C, device, seed, nn, F, torch, print)\n"
            "for i, j in enumerate(x):\n    done = i + j\n"
            "with open('/dev/null') as handle:\n    handle\n")
    assert unbound_names(code, setup) == []
    assert unbound_names("y = tourch.ones(3)\nz = y + wrong\nq = tourch\n", setup) == [("tourch", 1), ("wrong", 2)]
    # code that can bind names unseen says nothing: a name it reads may be bound at run time
    for unseen in ("from math import *\n", "exec('tree = 1')\n", "globals()['tree'] = 1\n",
                   "vars()['tree'] = 1\n", "import builtins\nbuiltins.tree = 1\n", "__builtins__.tree = 1\n"):
        assert unbound_names(unseen + "tree\n", setup) == [], unseen
    assert unbound_names("tree\n", "from math import *\n") == []
    assert unbound_names("x = (\n", setup) == []  # does not compile: compile_error's to say


def test_an_error_that_differs_between_trials_is_not_named():
    """NOTE [an error every trial raised alike] (feedback.py): a type chosen by the trial, or a class of the
    code's named as one of Python's, says no more than that the code raised."""
    hidden = [{"seed": 0, "hidden": True}, {"seed": 1, "hidden": True}]
    by_trial = _grade(hidden, "done = True\nraise [ValueError, TypeError][seed % 2]('x')\n")
    assert by_trial.error == "on a hidden trial, your code raised an exception.", by_trial.error
    by_line = _grade(hidden, "done = True\nif seed:\n    raise ValueError('x')\nraise ValueError('x')\n")
    assert by_line.error == "on a hidden trial, your code raised an exception.", by_line.error
    own = _grade(hidden, "done = True\nclass ValueError(Exception):\n    pass\nraise ValueError('x')\n")
    assert own.error == "on a hidden trial, your code raised an exception.", own.error
