"""NOTE [inputs unchanged] end to end: every exercise checks that the
tensors and modules its setup made are left as the setup made them, unless
it lists them in ``may_change`` (issue 15). Real torch, real sandboxed runs:
every submission below is graded in one ``grade`` call."""

from __future__ import annotations

import pytest

from support import make_exercise
from tutor.grade.grader import Grader, Submission

SETUP = ("torch.manual_seed(seed)\nx = (torch.randn(5) * 3).requires_grad_()\nscale = torch.randn(5)\n"
         "model = nn.Linear(2, 1)\n")
ROUND = """
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return {forward}

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
(y * scale).sum().backward()
"""
CHECKS = [{"kind": "value", "expr": "y"}, {"kind": "grad", "tensor": "x"}]
STE = make_exercise("ste", SETUP, ROUND.format(forward="torch.round(x)"), CHECKS)
STEP = make_exercise(  # an optimizer step changes the model's parameters: allowed, said so
    "step", SETUP, "model(torch.ones(1, 2)).sum().backward()\ntorch.optim.SGD(model.parameters(), lr=0.1).step()\n"
                   "y = model.weight.detach().clone()\n",
    [{"kind": "value", "expr": "y"}], may_change=["model"])

SEQ_SETUP = "torch.manual_seed(seed)\nseq = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))\n"
SEQ = make_exercise("seq", SEQ_SETUP, "out = seq(torch.ones(1, 2)).detach()\n", [{"kind": "value", "expr": "out"}])
HOOKED = make_exercise("hooked", SEQ_SETUP, "seq[0].register_forward_hook(lambda m, i, o: None)\n"
                                            "out = seq(torch.ones(1, 2)).detach()\n", [{"kind": "value", "expr": "out"}])

CASES = {
    "reference": (STE, STE.solution),
    # right values, right gradient, and the learner's x rounded in place
    "round_": (STE, ROUND.format(forward="x.round_()")),
    # the same through `.data`: the version counter does not move, the values do
    "data": (STE, ROUND.format(forward="x.data.round_()")),
    # rebinding a name is not changing the tensor the setup made
    "rebound": (STE, "x = x.detach().round().requires_grad_()\n" + ROUND.format(forward="torch.round(x)")),
    # a module's parameter changed by hand
    "module": (STE, "with torch.no_grad():\n    model.weight.mul_(2)\n" + ROUND.format(forward="torch.round(x)")),
    "step": (STEP, STEP.solution),
    # NOTE [modules as the setup made them]: a module changed other than in its values
    "submodule_eval": (SEQ, "seq.eval()\nseq.training = True\n" + SEQ.solution),
    "hook_left": (SEQ, "seq[0].register_forward_hook(lambda m, i, o: None)\n" + SEQ.solution),
    "hook_removed": (SEQ, "h = seq[0].register_forward_hook(lambda m, i, o: None)\n" + SEQ.solution + "h.remove()\n"),
    "forward_replaced": (SEQ, "seq.forward = torch.no_grad()(seq.forward)\n" + SEQ.solution),
    "parameter_swapped": (SEQ, SEQ.solution + "seq[0].weight = nn.Parameter(seq[0].weight.detach().clone())\n"),
    "eval_and_back": (SEQ, "seq.eval()\n" + SEQ.solution + "seq.train()\n"),
    # the reference leaves a hook on the model: the learner may too
    "reference_hooks": (HOOKED, HOOKED.solution),
    # a name tag, and a hook's handle, kept on a layer change nothing it does (round 28's learner probe)
    "attributes_added": (HOOKED, "seq[0].tag = 'first'\nseq[0].handle = seq[0].register_forward_hook(lambda m, i, o: None)\n"
                                 "out = seq(torch.ones(1, 2)).detach()\n"),
    # a forward replaced beside the hooks the reference leaves too: only the forward is named
    "forward_replaced_beside_hooks": (HOOKED, "seq.forward = torch.no_grad()(seq.forward)\n" + HOOKED.solution),
    "learner_hooks_too": (HOOKED, "seq[1].register_forward_hook(lambda m, i, o: None)\n"
                                  "out = seq(torch.ones(1, 2)).detach()\n"),
}


@pytest.fixture(scope="module")
def results():
    with Grader(jobs=2, sandbox="require") as grader:
        graded = grader.grade([Submission(ex, code) for ex, code in CASES.values()])
    return dict(zip(CASES, graded))


def _inputs(result):
    (check,) = [c for c in result.checks if c.kind == "inputs"]
    return check


def test_the_reference_and_an_allowed_change_pass_with_full_points(results):
    for name in ("reference", "rebound", "step", "hook_removed", "eval_and_back", "reference_hooks",
                 "learner_hooks_too", "attributes_added"):
        assert results[name].passed and results[name].score == results[name].max_score, name
    assert [c.kind for c in results["step"].checks] == ["value", "inputs"]


@pytest.mark.parametrize("name, which, how", [
    ("round_", "`x`", "its values changed"),
    ("data", "`x`", "its values changed"),
    ("module", "`model.weight`", "its values changed"),
])
def test_an_input_changed_in_place_fails_and_the_feedback_says_which(results, name, which, how):
    result = results[name]
    check = _inputs(result)
    assert not result.passed and not check.passed
    assert f"changed {which} in place ({how})" in check.message
    # the other checks are judged as before: the values and the gradient are right
    assert all(c.passed for c in result.checks if c.kind != "inputs")
    assert result.score < result.max_score


@pytest.mark.parametrize("name, part, how", [
    ("submodule_eval", "`seq.0`", "its training mode changed"),
    ("hook_left", "`seq.0`", "a hook was left on it"),
    ("forward_replaced", "`seq`", "an attribute was set on it"),
    ("parameter_swapped", "`seq.0`", "a parameter was replaced by a new tensor"),
])
def test_a_module_changed_beyond_its_values_fails_and_says_how(results, name, part, how):
    check = _inputs(results[name])
    assert not results[name].passed and not check.passed
    assert f"changed the module {part}, which the exercise's setup made: {how}" in check.message


def test_a_change_the_reference_made_too_is_not_named(results):
    check = _inputs(results["forward_replaced_beside_hooks"])
    assert not check.passed
    assert "changed the module `seq`, which the exercise's setup made: an attribute was set on it" in check.message
    assert "hook" not in check.message
