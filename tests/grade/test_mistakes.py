"""Typical learner mistakes, per check kind: each must fail with a message that
names the mistake. All submissions are graded in one ``grade`` call."""

from __future__ import annotations

import re

import pytest

from tutor.grade.grader import Grader, Submission
from support import make_exercise
from tutor.pack.models import Exercise

TWO_TRIALS = [{"seed": 0}, {"seed": 1, "hidden": True}]


def _exercise(id: str, setup: str, solution: str, checks: list, trials=None, **more) -> Exercise:
    return make_exercise(id, setup, solution, checks, trials or TWO_TRIALS, **more)


SEEDED_X = "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n"

GRAD_FROM_BACKWARD = _exercise("grad-x-backward", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\n",
                               [{"kind": "grad", "tensor": "x", "from_backward": True}])
# NOTE [a graph judged before a pass freed it]: a check that differentiates the code's `y` after the code ran
Y_GRADIENT = _exercise("y-gradient", SEEDED_X, "y = (x ** 2).sum()\n",
                       [{"kind": "value", "expr": "torch.autograd.grad(y, x)[0]", "if_freed": "last_gradient_of(x)"}])
GRAD_X = _exercise("grad-x", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\n", [{"kind": "grad", "tensor": "x"}])
GRAD_RG = _exercise("grad-rg", "torch.manual_seed(seed)\nx = torch.randn(3)\n",
                    "x.requires_grad_()\ny = (x ** 2).sum()\ny.backward()\n", [{"kind": "grad", "tensor": "x"}])
GRAD_H = _exercise("grad-h", SEEDED_X, "h = x * 2\nh.retain_grad()\ny = (h ** 2).sum()\ny.backward()\n",
                   [{"kind": "grad", "tensor": "h"}])
GRAD_NONE = _exercise(
    "grad-none", SEEDED_X + "w = torch.randn(3, requires_grad=True)\n",
    "y = (x * w.detach()).sum()\ny.backward()\n",
    [{"kind": "grad", "tensor": "x"}, {"kind": "grad", "tensor": "w", "expect": "none"}])
VALUE = _exercise(
    "value", "torch.manual_seed(seed)\nx = torch.randn(4)\n",
    "s = x.sum().item()\nt = (x.min(), x.max())\n",
    [{"kind": "value", "expr": "s"}, {"kind": "value", "expr": "t"}])
GRAPH = _exercise(
    "graph", "torch.manual_seed(seed)\na = torch.randn(3, requires_grad=True)\nb = torch.randn(3, requires_grad=True)\n",
    "h = a * b\ny = (h * h).sum()\n", [{"kind": "graph", "root": "y"}])
GRAPH_LEAVES = _exercise(
    "graph-leaves", "torch.manual_seed(seed)\na = torch.randn(3, requires_grad=True)\nb = torch.randn(3, requires_grad=True)\n",
    "h = a * b\ny = (h * h).sum()\n", [{"kind": "graph", "root": "y", "tier": "leaves"}])
FLAGS = _exercise(
    "flags", "torch.manual_seed(seed)\nx = torch.randn(3)\n",
    "w = x.clone().requires_grad_()\nh = w * 2\nh.retain_grad()\nz = x * 3\ng = w * 4\n",
    [{"kind": "leaf", "tensor": "w", "expect": True},
     {"kind": "leaf", "tensor": "h"},
     {"kind": "requires_grad", "tensor": "w"},
     {"kind": "requires_grad", "tensor": "z", "expect": False},
     {"kind": "retains_grad", "tensor": "h", "expect": True},
     {"kind": "retains_grad", "tensor": "g"}])
RAISES = _exercise(
    "raises", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\ny.backward()\n",
    [{"kind": "raises", "exception": "RuntimeError"}])

FUNCTION = '''
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return {grad}
'''
GRADCHECK = _exercise(
    "gradcheck", "torch.manual_seed(seed)\nx = torch.randn(3, dtype=torch.float64)\n",
    FUNCTION.format(grad="2 * x * g"), [{"kind": "gradcheck", "function": "Square", "inputs": ["x"]}])
CUBE = '''
{decorator}
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    {once}
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return {grad}
'''


def cube(grad: str, once: bool = False) -> str:
    return CUBE.format(decorator="from torch.autograd.function import once_differentiable",
                       once="@once_differentiable" if once else "", grad=grad)


GRADGRADCHECK = _exercise(
    "gradgradcheck", "torch.manual_seed(seed)\nx = torch.randn(3, dtype=torch.float64)\n",
    cube("3 * x ** 2 * g"), [{"kind": "gradgradcheck", "function": "Cube", "inputs": ["x"]}])
# backward is itself a Function whose own backward is wrong (d/dx 3x^2 g is 6xg, not 7xg)
WRONG_DOUBLE_BACKWARD = '''
class CubeGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, g):
        ctx.save_for_backward(x, g)
        return 3 * x ** 2 * g

    @staticmethod
    def backward(ctx, gg):
        x, g = ctx.saved_tensors
        return 7 * x * g * gg, 3 * x ** 2 * gg


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return CubeGrad.apply(x, g)
'''
PYTHON = _exercise(
    "python", "torch.manual_seed(seed)\nx = torch.randn(3)\n", "n = x.numel()\nm = 2 * n\n",
    [{"kind": "python", "assert": "learner['n'] == reference['n']", "message": "n should count x's elements."},
     {"kind": "python", "assert": "learner['m'] == 2 * learner['n']"}])

HARDCODED = "x.grad = torch.tensor([3.0819921493530273, -0.586857795715332, -4.357578754425049])\n"

# name: (exercise, code, check label (None: the exercise's error text), status, substrings)
CASES: dict[str, tuple] = {
    # ---- grad
    "grad_no_requires_grad": (GRAD_RG, "y = (x ** 2).sum()\n", "grad of x", "failed",
                              ["is None because `x` does not require grad", "requires_grad=True"]),
    "grad_non_leaf_no_retain": (GRAD_H, "h = x * 2\ny = (h ** 2).sum()\ny.backward()\n", "grad of h", "failed",
                                ["`h` is not a leaf", "h.retain_grad()"]),
    "grad_no_backward": (GRAD_X, "y = (x ** 2).sum()\n", "grad of x", "failed",
                         ["no gradient reached `x`", "never called backward()"]),
    "grad_double_backward": (GRAD_X, "y = (x ** 2).sum()\ny.backward(retain_graph=True)\ny.backward()\n",
                             "grad of x", "failed", ["exactly 2 times the expected gradient", "accumulate"]),
    "grad_wrong_shape": (GRAD_X, "x = torch.randn(4, requires_grad=True)\n(x ** 2).sum().backward()\n",
                         "grad of x", "failed", ["has shape [4]", "expected one has shape [3]"]),
    "grad_wrong_values": (GRAD_X, "y = (x ** 3).sum()\ny.backward()\n", "grad of x", "failed",
                          ["differs from the expected gradient", "the largest difference is", "at index [",
                           "(yours ", "expected "]),
    "grad_opposite_sign": (GRAD_X, "y = -(x ** 2).sum()\ny.backward()\n", "grad of x", "failed",
                           ["opposite sign"]),
    "grad_expected_none_has_grad": (GRAD_NONE, "y = (x * w).sum()\ny.backward()\n", "grad of w is None", "failed",
                                    ["`w.grad` should be None", "`.detach()` the tensor that carries `w`", "requires_grad_(False)"]),
    "grad_hardcoded_fails_hidden": (GRAD_X, HARDCODED, "grad of x", "failed",
                                    ["failed on a hidden trial", "not shown"]),
    # ---- value
    "value_wrong_number": (VALUE, "s = x.sum().item() + 1\nt = (x.min(), x.max())\n", "value of s", "failed",
                           ["`s` is ", ", expected "]),
    "value_wrong_type": (VALUE, "s = str(x.sum().item())\nt = (x.min(), x.max())\n", "value of s", "failed",
                         ["`s` is a string, expected"]),
    "value_wrong_length": (VALUE, "s = x.sum().item()\nt = (x.min(),)\n", "value of t", "failed",
                           ["`t` has 1 item, expected 2"]),
    "value_undefined": (VALUE, "t = (x.min(), x.max())\n", "value of s", "failed",
                        ["could not evaluate `s`", "NameError"]),
    "value_tuple_item_wrong": (VALUE, "s = x.sum().item()\nt = (x.max(), x.min())\n", "value of t", "failed",
                               ["`t`[0]"]),
    # ---- graph
    "graph_detached_leaf": (GRAPH, "h = a.detach() * b\ny = (h * h).sum()\n", "graph of y", "failed",
                            ["should reach `a`", "not reached"]),
    "graph_fully_detached": (GRAPH, "h = (a * b).detach()\ny = (h * h).sum()\n", "graph of y", "failed",
                             ["not connected to any tensor that requires grad"]),
    "graph_item_numpy": (GRAPH, "y = torch.tensor(((a * b) ** 2).sum().item())\n", "graph of y", "failed",
                         ["not connected"]),
    "graph_extra_op": (GRAPH, "h = a * b\ny = (h * h).exp().sum()\n", "graph of y", "failed", ["extra op Exp"]),
    "graph_missing_op": (GRAPH, "y = (a * b).sum()\n", "graph of y", "failed", ["missing op"]),
    "graph_recomputation": (GRAPH, "y = ((a * b) * (a * b)).sum()\n", "graph of y", "failed",
                            ["computes `a * b` twice where the reference computes it once"]),
    "graph_extra_leaf": (GRAPH_LEAVES, "c = torch.ones(3, requires_grad=True)\nh = a * b * c\ny = (h * h).sum()\n",
                         "graph of y", "failed", ["reaches `c` in your graph, but the reference does not use it"]),
    # ---- flags, each direction
    "leaf_expected_true": (FLAGS, "w = x.clone().requires_grad_() * 1\nh = w * 2\nh.retain_grad()\nz = x * 3\n"
                           "g = w * 4\n", "w.is_leaf", "failed", ["`w.is_leaf` is False, expected True", "leaf"]),
    "leaf_expected_false": (FLAGS, "w = x.clone().requires_grad_()\nh = (w * 2).detach()\nz = x * 3\ng = w * 4\n",
                            "h.is_leaf", "failed", ["`h.is_leaf` is True, expected False", "grad_fn"]),
    "requires_grad_expected_true": (FLAGS, "w = x.clone()\nh = w * 2\nz = x * 3\ng = w * 4\n", "w.requires_grad",
                                    "failed", ["`w.requires_grad` is False, expected True", "requires_grad=True"]),
    "requires_grad_expected_false": (FLAGS, "w = x.clone().requires_grad_()\nh = w * 2\nh.retain_grad()\nz = w * 3\n"
                                     "g = w * 4\n", "z.requires_grad", "failed",
                                     ["`z.requires_grad` is True, expected False", "still requires grad"]),
    "retains_grad_expected_true": (FLAGS, "w = x.clone().requires_grad_()\nh = w * 2\nz = x * 3\ng = w * 4\n",
                                   "h.retains_grad", "failed",
                                   ["`h.retains_grad` is False, expected True", "h.retain_grad()"]),
    "retains_grad_expected_false": (FLAGS, "w = x.clone().requires_grad_()\nh = w * 2\nh.retain_grad()\nz = x * 3\n"
                                    "g = w * 4\ng.retain_grad()\n", "g.retains_grad", "failed",
                                    ["`g.retains_grad` is True, expected False", "remove the retain_grad()"]),
    # ---- raises
    "raises_ran_to_end": (RAISES, "y = (x ** 2).sum()\ny.backward(retain_graph=True)\ny.backward()\n",
                          "raises RuntimeError", "failed", ["ran to the end without raising", "RuntimeError"]),
    # an error of another class is the code's error like any other (round 38): where and what it said
    "raises_wrong_type": (RAISES, "raise ValueError('no')\n", "raises RuntimeError", "error",
                          ["raised ValueError at line 1: no, but it should raise RuntimeError"]),
    # ---- gradcheck
    "gradcheck_wrong_backward": (GRADCHECK, FUNCTION.format(grad="3 * x * g"), "gradcheck of Square", "failed",
                                 ["do not match finite differences", "Numerical Jacobian (left)",
                                  "yours from backward (right)"]),
    "gradcheck_missing_function": (GRADCHECK, "pass\n", "gradcheck of Square", "failed", ["`Square` is not defined"]),
    # ---- gradgradcheck
    "gradgradcheck_detached_backward": (GRADGRADCHECK, cube("3 * x.detach() ** 2 * g"), "gradgradcheck of Cube",
                                        "failed", ["second derivatives", "Numerical Jacobian (left)"]),
    # the gradient backward is given, detached: the Jacobians with respect to x are equal, and showing
    # them said nothing (found by probing the verdicts)
    "gradgradcheck_detached_incoming_gradient": (GRADGRADCHECK, cube("3 * x ** 2 * g.detach()"),
                                                 "gradgradcheck of Cube", "failed",
                                                 ["second derivatives", "depends on the gradient it is given"]),
    "gradgradcheck_once_differentiable": (GRADGRADCHECK, cube("3 * x ** 2 * g", once=True),
                                          "gradgradcheck of Cube", "failed", ["second derivatives", "do not match"]),
    "gradgradcheck_wrong_double_backward": (GRADGRADCHECK, WRONG_DOUBLE_BACKWARD, "gradgradcheck of Cube", "failed",
                                            ["second derivatives", "Numerical Jacobian (left)"]),
    # ---- python
    "python_assertion_message": (PYTHON, "n = x.numel() + 1\nm = 2 * n\n", "assert learner['n'] == reference['n']",
                                 "failed", ["n should count x's elements."]),
    "python_assertion_default": (PYTHON, "n = x.numel()\nm = n\n", "assert learner['m'] == 2 * learner['n']",
                                 "failed", ["the assertion `learner['m'] == 2 * learner['n']` is false"]),
    # NOTE [a setup name bound again]: right work, then a setup name reused for an experiment
    # ... and a wrong y is judged by its own graph too, whatever passes came after
    # ... and the code's passes run as in PyTorch: a second one through a freed graph raises
    "graph_judged_second_pass_still_raises": (Y_GRADIENT, "y = (x ** 2).sum()\ny.backward()\ny.backward()\n", None,
                                               "error", ["backward() frees the graph's saved tensors"]),
    "graph_judged_wrong_y_then_a_right_pass": (Y_GRADIENT, "y = (x * x.detach()).sum()\ny.backward()\nx.grad = None\n"
                                             "(x ** 2).sum().backward()\n", "value of torch.autograd.grad(y, x)[0]",
                                             "failed", ["differs"]),
    # `x = x - lr * x.grad` under no_grad: read as a missing create_graph=True until round 24
    "setup_leaf_rebound_under_no_grad": (GRAD_X, "for _ in range(2):\n    y = (x ** 2).sum()\n    y.backward()\n"
                                         "    with torch.no_grad():\n        x = x - 0.1 * x.grad\n", None, "error",
                                         ["bound `x` to a new tensor that does not require grad"]),
    "setup_name_rebound_after": (GRAD_X, "y = (x ** 2).sum()\ny.backward()\nfor x in [torch.zeros(3)]:\n"
                                 "    print(x)\n", None, "failed", ["Your code bound `x` to something else"]),
    # torch's warnings name the folder the libraries are installed in: the grader's machine's
    "library_folder_left_out": (GRAD_X, "import torch.nn.functional\nprint(torch.nn.functional.__file__)\n"
                                "y = x.sum()\ny.backward()\n", "grad of x", "failed", ["differs"]),
    # a pass cut short by a typo in a hook: no hand-made gradient, and the words do not say so
    "pass_cut_short_by_a_hook": (GRAD_FROM_BACKWARD, "x.register_post_accumulate_grad_hook(lambda p: p.gard)\n"
                                 "y = (x ** 2).sum()\n"
                                 "y.backward()\n", "grad of x", "error", ["a finished backward pass"]),
    # ---- error explanations (the exercise's error text)
    "error_second_backward": (GRAD_X, "y = (x ** 2).sum()\ny.backward()\ny.backward()\n", None, "error",
                              ["RuntimeError", "backward() frees the graph's saved tensors", "retain_graph=True"]),
    "error_inplace_leaf": (GRAD_X, "x += 1\ny = (x ** 2).sum()\ny.backward()\n", None, "error",
                           ["You changed a leaf that requires grad in place", "torch.no_grad()"]),
    "error_inplace_saved": (GRAD_X, "h = x * 2\ny = h.sin()\nh.mul_(2)\ny.sum().backward()\n", None, "error",
                            ["version counter", "out-of-place"]),
    "error_nonscalar_backward": (GRAD_X, "y = x ** 2\ny.backward()\n", None, "error",
                                 ["only on a single number", "y.sum().backward()"]),
    "error_no_grad_backward": (GRAD_X, "with torch.no_grad():\n    y = (x ** 2).sum()\ny.backward()\n", None,
                               "error", ["does not require grad"]),
}

# Mistakes that must pass (the check is about type, not the exact class / the right code).
PASSING = {
    # a pass to look, cleared, then an experiment's pass on another graph: y's own graph is still judged
    # the code's hooks stay quiet while a check is judged: a logging hook runs once per pass of the code's
    "graph_judged_logging_hook_runs_once": (Y_GRADIENT, "log = []\nx.register_hook(lambda g: log.append(1))\n"
                                                       "y = (x ** 2).sum()\ny.backward()\nassert len(log) == 1\n"),
    "graph_judged_past_a_pass_to_look": (Y_GRADIENT, "y = (x ** 2).sum()\ny.backward()\nx.grad = None\n"
                                                   "(x ** 3).sum().backward()\n"),
    # RecursionError is a subclass of RuntimeError, raised by Python itself
    "raises_subclass": (RAISES, "def deeper(n):\n    return deeper(n + 1)\ndeeper(0)\n"),
    "gradcheck_correct": (GRADCHECK, FUNCTION.format(grad="2 * x * g")),
    "gradgradcheck_correct": (GRADGRADCHECK, cube("3 * x ** 2 * g")),
    # like torch.autograd.gradgradcheck, it checks the backward's own derivative, not the first order
    "gradgradcheck_first_order_is_not_its_business": (GRADGRADCHECK, cube("3 * x ** 3 * g")),
    "graph_leaves_tier_accepts_other_ops": (GRAPH_LEAVES, "y = (a + b).sum()\n"),
    "flags_correct": (FLAGS, FLAGS.solution),
    "python_correct": (PYTHON, "n = 3\nm = 6\n"),
    # numpy scalars are numbers
    "value_numpy_float64": (VALUE, "import numpy as np\ns = np.float64(x.sum().item())\nt = (x.min(), x.max())\n"),
    "value_numpy_in_tuple": (VALUE, "s = x.sum().item()\nt = (x.min().numpy(), x.max())\n"),
    # Tensor.backward's own call of torch.autograd.backward is not the learner's second call
    "raises_with_patched_backward": (RAISES, "_b = torch.autograd.backward\ntorch.autograd.backward = "
                                             "lambda *a, **k: _b(*a, **k)\ny = (x ** 2).sum()\ny.backward()\n"
                                             "y.backward()\n"),
}


@pytest.fixture(scope="module")
def results():
    names = list(CASES) + list(PASSING)
    subs = [Submission(CASES[n][0], CASES[n][1]) for n in CASES]
    subs += [Submission(PASSING[n][0], PASSING[n][1]) for n in PASSING]
    with Grader(jobs=2, timeout=20) as grader:
        graded = grader.grade(subs)
    return dict(zip(names, graded))


def _check(result, label):
    found = [c for c in result.checks if c.name == label]
    assert found, [c.name for c in result.checks]
    return found[0]


@pytest.mark.parametrize("name", list(CASES))
def test_mistake_fails_with_its_message(results, name):
    _exercise, _code, label, status, needles = CASES[name]
    result = results[name]
    everything = "\n".join([result.error, *(f"{c.name}: {c.message}" for c in result.checks)])
    assert result.status == status, everything
    text = result.error if label is None else _check(result, label).message
    if label is not None:
        assert not _check(result, label).passed
    for needle in needles:
        assert needle in text, f"{needle!r} not in:\n{everything}"


@pytest.mark.parametrize("name", list(PASSING))
def test_correct_variant_passes(results, name):
    result = results[name]
    assert result.status == "passed", "\n".join([result.error, *(f"{c.name}: {c.message}" for c in result.checks)])


def test_output_leaves_out_the_library_folder(results):
    """`.../site-packages/torch/nn/functional.py` reads `torch/nn/functional.py` (torch's warnings print
    such paths: the grader's machine's, noise to a learner)."""
    output = results["library_folder_left_out"].output
    assert output.strip() == "torch/nn/functional.py", output


def test_hidden_trial_message_reveals_no_numbers(results):
    message = _check(results["grad_hardcoded_fails_hidden"], "grad of x").message
    assert not re.search(r"\d", message), message
    # none of the hidden trial's values either
    assert "yours" not in message and "expected gradient" not in message


def test_gradcheck_shows_jacobians_side_by_side(results):
    message = _check(results["gradcheck_wrong_backward"], "gradcheck of Square").message
    rows = [line for line in message.splitlines() if line.startswith("  ")]
    assert len(rows) == 3, message  # a 3x3 Jacobian, one row per line, both matrices on each row
    for row in rows:
        assert row.count("[") + row.count("]") >= 2, row
        numbers = re.findall(r"-?\d+\.\d+|-?\d+\.", row)
        assert len(numbers) >= 2, row  # at least one entry of each matrix


def test_wrong_values_names_largest_difference(results):
    message = _check(results["grad_wrong_values"], "grad of x").message
    assert re.search(r"largest difference is [0-9.e+-]+ at index \[\d\] \(yours [0-9.e+-]+, expected [0-9.e+-]+\)",
                     message), message


def test_errors_on_visible_trial_show_traceback_lines(results):
    error = results["error_second_backward"].error
    assert '<your code>", line 3' in error, error
