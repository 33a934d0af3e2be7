"""NOTE [a multi-grad hook under a check's grad] (observe_kept.py): a learner's `register_multi_grad_hook`
(mode "all") on a leaf no longer fails the checks that differentiate with `autograd.grad`, where PyTorch's
own hook of that mode cannot run; the code's own `autograd.grad` there still raises, as in PyTorch; and the
hooks still run in the code's own passes."""

from __future__ import annotations

import pytest

from tutor.grade.grader import Grader, Submission
from tutor.pack import load_pack

EXERCISES = load_pack(None).exercises
LOGS = "seen = []\ntorch.autograd.graph.register_multi_grad_hook({tensors}, lambda grads: seen.append(len(grads)))\n"
CASES = {
    # (exercise, code): every check passes, and the hook ran once, in the code's own pass
    "make-a-leaf": "x = data.clone().requires_grad_()\ny = (x ** 2).sum()\n" + LOGS.format(tensors="(x,)")
                   + "y.backward()\n",
    "parameters-and-data": "w = nn.Parameter(init.clone())\nout = data @ w\n" + LOGS.format(tensors="[w]")
                           + "out.sum().backward()\n",
    "match-the-drawing": "loss = ((torch.tanh(w * x + b) - target) ** 2).mean()\n" + LOGS.format(tensors="(w, b)")
                         + "loss.backward()\n",
}
OWN_GRAD = ("x = data.clone().requires_grad_()\ny = (x ** 2).sum()\n" + LOGS.format(tensors="(x,)")
            + "g, = torch.autograd.grad(y, x)\n")
# the wrapper where torch kept its hook holds the judge's switch and the observers' state: not the code's to read
READ_WRAPPER = ("x = data.clone().requires_grad_()\ny = (x ** 2).sum()\n" + LOGS.format(tensors="(x,)")
                + "held = list(x._backward_hooks.values())[0].__kwdefaults__\n")


@pytest.fixture(scope="module")
def results():
    subs = [Submission(EXERCISES[ex], code + "assert len(seen) == 1, seen\n") for ex, code in CASES.items()]
    subs.append(Submission(EXERCISES["make-a-leaf"], OWN_GRAD))
    subs.append(Submission(EXERCISES["make-a-leaf"], READ_WRAPPER))
    with Grader(jobs=2, timeout=60) as grader:
        return grader.grade(subs)


@pytest.mark.parametrize("index", range(len(CASES)), ids=list(CASES))
def test_a_logging_multi_grad_hook_on_a_leaf_passes_every_check(results, index):
    result = results[index]
    failed = [(c.name, c.message) for c in result.checks if not c.passed]
    assert result.passed and result.score == result.max_score and not result.error, (failed, result.error)


def test_the_codes_own_autograd_grad_there_raises_as_in_pytorch(results):
    result = results[-2]
    assert result.status != "passed" and "_will_engine_execute_node" in str(result.error), result.error


def test_the_wrappers_defaults_are_not_the_codes_to_read(results):
    result = results[-1]
    assert result.status != "passed" and "__kwdefaults__ are not available" in str(result.error), result.error
