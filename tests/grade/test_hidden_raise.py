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
    assert own_result.error == "on a hidden trial, your code raised an exception.", own_result.error


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
