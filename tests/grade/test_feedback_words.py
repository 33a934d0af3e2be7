"""Words a failure is given, where the first words found were false (round 32's learner probe):
the misconception behind a second differentiation with no graph, and a common factor of one number.
In process: both read only plain data."""

from __future__ import annotations

import numpy as np

from tutor.grade.misconceptions import diagnose
from tutor.grade.values import difference

NO_GRAPH = "element 0 of tensors does not require grad and does not have a grad_fn"


def test_a_graph_recorded_then_cut_is_said_to_be_cut():
    # torch.autograd.grad(y, x, create_graph=True); g1 = g1.detach(); torch.autograd.grad(g1, x)
    cut = {"order": [["autograd.grad", False, True], ["autograd.grad", False, False]]}
    rule, words = diagnose("RuntimeError", NO_GRAPH, cut)
    assert rule == "graph-cut" and ".detach()" in words and "create_graph=True" in words
    never = {"order": [["autograd.grad", False, False], ["autograd.grad", False, False]]}
    assert diagnose("RuntimeError", NO_GRAPH, never)[0] == "missing-create-graph"
    # round 39's learner: two backward() calls, the second from a loss of `h.detach()`: nothing was
    # differentiated twice, so the words name the cut as well as a first pass's gradient
    twice = {"order": [["backward", False, False], ["backward", False, False]]}
    rule, words = diagnose("RuntimeError", NO_GRAPH, twice)
    assert rule == "second-pass-no-graph" and ".detach()" in words and "create_graph=True" in words
    # one call, no record: the general words, which name autograd.grad and .detach() too
    rule, words = diagnose("RuntimeError", NO_GRAPH, {"order": [["autograd.grad", False, True]]})
    assert rule == "no-graph" and "torch.autograd.grad" in words and ".detach()" in words
    assert diagnose("RuntimeError", NO_GRAPH, None)[0] == "no-graph"


def test_one_wrong_number_is_no_common_factor():
    # any wrong number is some k times the right one: "0.9394 times the expected value everywhere" said nothing
    assert difference(np.array(2.96054), np.array(3.15138), 1e-5, 1e-8).ratio is None
    assert difference(np.array([2.96054]), np.array([3.15138]), 1e-5, 1e-8).ratio is None
    # a whole multiple (two passes added up) and the opposite sign still say something of one number
    assert difference(np.array(6.0), np.array(3.0), 1e-5, 1e-8).ratio == 2.0
    assert difference(np.array(-3.0), np.array(3.0), 1e-5, 1e-8).ratio == -1.0
    # of several numbers, a common factor is a finding
    assert abs(difference(np.array([1.0, 2.0, 3.0]), np.array([2.0, 4.0, 6.0]), 1e-5, 1e-8).ratio - 0.5) < 1e-9


def test_a_gradient_with_no_graph_out_of_a_function_blames_its_backward():
    # round 33's learner probe: double-backward-function's backward made `g1` from a number saved in
    # forward; the words for a gradient detached between two calls blamed code the learner never wrote
    record = {"order": [["autograd.grad", False, True], ["autograd.grad", False, False]],
              "calls": [["autograd.grad", False, True, 1], ["autograd.Function.backward", None, None, 1]]}
    rule, words = diagnose("RuntimeError", NO_GRAPH, record)
    # round 36: it names `.data` and `.detach()` of what the backward saved, never a detach between the calls
    assert rule == "graph-cut" and "backward of your custom Function" in words and "of what it saved" in words \
        and "between" not in words


def test_an_exercise_of_hidden_trials_only_says_so():
    # "an answer right only on the trials you see" misled where no trial is shown (count-the-versions)
    from tutor.grade.feedback import redact

    from tutor.grade.kinds import kind_of
    from tutor.pack.checks import ValueCheck

    shown = redact("yours 3, expected 2", hidden=False, declared="must be True or False", all_hidden=True)
    assert shown == "yours 3, expected 2"
    declared = kind_of(ValueCheck(kind="value", expr="a_leaf", type="bool")).hidden_words(
        ValueCheck(kind="value", expr="a_leaf", type="bool"))
    words = redact("yours 3, expected 2", hidden=True, declared=declared, all_hidden=True)
    assert "hidden trials only" in words and "yours 3" not in words
    # what the check declares stays (round 34's learner: a wrong type read "check your reasoning" alone)
    assert "must be True or False" in words and "trials you see" not in words
    words = redact("yours 3, expected 2", hidden=True, declared=declared)
    assert "failed on a hidden trial" in words and "must be True or False" in words and "yours 3" not in words


def _raised(code: str) -> tuple[str, str]:
    """What real torch raises for ``code`` (a Function written in one style and called in another)."""
    import torch  # noqa: F401 - the code below uses it

    try:
        exec(code, {"torch": torch})
    except Exception as exc:  # noqa: BLE001 - the error is what is asked
        return type(exc).__name__, str(exc)
    raise AssertionError("the code raised nothing")


FUNCTION = """
class Cube(torch.autograd.Function):
    @staticmethod
    def forward({args}):
        return x ** 3
{setup}
    @staticmethod
    def backward(ctx, grad):
        return grad
Cube.apply(torch.ones(2, requires_grad=True))
"""
SETUP = """
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass
"""


def test_a_forward_in_the_other_style_is_explained():
    # round 33's learner (cube-for-torch-func): `forward(ctx, x)` beside `setup_context` showed torch's
    # bare TypeError, "missing a required argument: 'x'"
    rule, words = diagnose(*_raised(FUNCTION.format(args="ctx, x", setup=SETUP)))
    assert rule == "function-style" and "`def forward(x):`" in words and "setup_context" in words
    # and the other way round: the new style's `forward(x)` with no setup_context
    rule, words = diagnose(*_raised(FUNCTION.format(args="x", setup="")))
    assert rule == "function-style" and "`def forward(ctx, x):`" in words
    # the right pairings raise nothing to explain
    for args, setup in (("ctx, x", ""), ("x", SETUP)):
        code = FUNCTION.format(args=args, setup=setup)
        exec(code, {"torch": __import__("torch")})


def test_a_name_read_with_no_setup_says_the_prompts_code_does_not_run():
    # round 37's learner: with no setup, `t._version` (t from the prompt's lines) read "(a typo?)"
    from tutor.grade.feedback import unbound_words

    alone = unbound_words([("t", 1)], "")
    assert "runs your code alone" in alone and "typo" not in alone
    beside = unbound_words([("t", 1)], "x = torch.ones(2)\n")
    assert "typo" in beside and "runs your code" not in beside


def test_a_type_named_after_a_vowel_takes_an():
    from tutor.grade.kinds.words import describe

    assert describe({"t": "other", "type": "AccumulateGrad"}) == "an AccumulateGrad"
    assert describe({"t": "other", "type": "MulBackward0"}) == "a MulBackward0"
