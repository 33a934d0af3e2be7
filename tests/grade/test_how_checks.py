"""Checks that see *how* the code worked (calls, hooks, footprint, unchanged),
`raises` with `match`, typed values, and the feedback fixes of issue 11.

Real torch, real isolated runs through the grader: every submission below is
graded in one ``grade`` call."""

from __future__ import annotations

import json
import re

import pytest

from support import run_cli
from tutor.grade.grader import Grader, Submission
from support import make_exercise
from tutor.pack.models import Exercise

TWO_TRIALS = [{"seed": 0}, {"seed": 1, "hidden": True}]


def _exercise(id: str, setup: str, solution: str, checks: list, trials=None, **more) -> Exercise:
    return make_exercise(id, setup, solution, checks, trials or TWO_TRIALS, **more)


SEEDED_X = "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n"

TWO_BACKWARD = _exercise(
    "two-backward", SEEDED_X,
    "y = (x ** 2).sum()\ny.backward(retain_graph=True)\ny.backward()\n",
    [{"kind": "calls", "api": "backward", "count": 2},
     {"kind": "calls", "api": "backward", "retain_graph": True, "min": 1}])
VJP = _exercise(
    "vjp", "torch.manual_seed(seed)\nx = torch.randn(4, requires_grad=True)\nv = torch.randn(4)\n"
           "def f(t):\n    return torch.stack([t[0] * t[1], t[1] * t[2], t[2] * t[3], t[3] * t[0]])\n",
    "(vjp,) = torch.autograd.grad(f(x), x, v)\n",
    [{"kind": "value", "expr": "vjp"},
     {"kind": "calls", "api": "autograd.functional.jacobian", "max": 0},
     {"kind": "footprint", "max_numel": 4}])
NO_GRAPH = _exercise(
    "no-graph", "torch.manual_seed(seed)\nmodel = nn.Linear(3, 2)\nx = torch.randn(5, 3)\n",
    "with torch.no_grad():\n    out = model(x)\n",
    [{"kind": "value", "expr": "out"}, {"kind": "footprint", "max_nodes": 0},
     {"kind": "requires_grad", "tensor": "out", "expect": False}])
HOOK = _exercise(
    "hook", SEEDED_X, "x.register_hook(lambda g: g.clamp(-1, 1))\n(x * 10).sum().backward()\n",
    [{"kind": "grad", "tensor": "x"}, {"kind": "hooks", "on": "tensor", "min": 1}])
UNCHANGED = _exercise(
    "unchanged", "torch.manual_seed(seed)\nx = torch.randn(3)\nw = torch.randn(3)\n", "y = x * w\n",
    [{"kind": "value", "expr": "y"}, {"kind": "unchanged", "tensors": ["x", "w"]}])
RAISES_MATCH = _exercise(
    "raises-match", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\ny.backward()\n",
    [{"kind": "raises", "exception": "RuntimeError", "match": "second time"}])
RAISES_ANY = _exercise(  # an exercise about raising: who raised does not matter
    "raises-any", SEEDED_X, "raise ValueError('x must be positive')\n",
    [{"kind": "raises", "exception": "ValueError", "match": "positive", "origin": "any"}])
SQUARE_FN = """
class Sq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return {forward}

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return {backward}
"""
GRADCHECK_SQ = _exercise("gradcheck-sq", SEEDED_X, SQUARE_FN.format(forward="x ** 2", backward="g * 2 * x"),
                         [{"kind": "gradcheck", "function": "Sq", "inputs": ["x"]}])
TYPED = _exercise(
    "typed", "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n",
    "s = x.sum().item()\nm = x.max()\nb = bool(x.requires_grad)\n",
    [{"kind": "value", "expr": "s", "type": "number"}, {"kind": "value", "expr": "m", "type": "tensor"},
     {"kind": "value", "expr": "b", "type": "bool"}])
DTYPES = _exercise(
    "dtypes", "torch.manual_seed(seed)\nx = torch.randn(3, dtype=torch.float64, requires_grad=True)\n",
    "(x ** 2).sum().backward()\nd = x.grad.dtype\ndev = x.grad.device\nleafy = x.is_leaf\n",
    [{"kind": "value", "expr": "d"}, {"kind": "value", "expr": "dev"}, {"kind": "value", "expr": "leafy"}])
GRAD_X = _exercise("grad-x", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\n",
                   [{"kind": "grad", "tensor": "x", "message": "Remember: one backward pass."}])
VISIBLE_TRIALS = _exercise("visible-trials", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\n",
                           [{"kind": "grad", "tensor": "x"}], trials=[{"seed": 0}, {"seed": 2}])
RETAIN = _exercise("retain", SEEDED_X, "h = x * 2\nh.retain_grad()\n(h ** 2).sum().backward()\n",
                   [{"kind": "grad", "tensor": "h"}])
SECOND = _exercise(
    "second", SEEDED_X,
    "(g,) = torch.autograd.grad((x ** 3).sum(), x, create_graph=True)\n(g2,) = torch.autograd.grad(g.sum(), x)\n",
    [{"kind": "value", "expr": "g2"}])
EVALUATE = _exercise(
    "evaluate", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\n",
    "with torch.no_grad():\n    z = w * x\n", [{"kind": "requires_grad", "tensor": "z", "expect": False}])
PREDICT = _exercise(
    "predict", "x = torch.tensor([1.5, -2.0, 0.5], requires_grad=True)\n", "answer = 2 * 1.5\nshape = (3,)\n",
    [{"kind": "value", "expr": "answer"}, {"kind": "value", "expr": "shape"}], trials=[{"seed": 0}],
    style="predict")
NONE = _exercise(
    "none", SEEDED_X + "w = torch.randn(3, requires_grad=True)\n", "(x * w.detach()).sum().backward()\n",
    [{"kind": "grad", "tensor": "w", "expect": "none"}, {"kind": "grad", "tensor": "x"}])
SCALED = '''
class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k

    @staticmethod
    def backward(ctx, g):
        return {grad}, None
'''
GRADCHECK_ARGS = _exercise(
    "gradcheck-args", "torch.manual_seed(seed)\nx = torch.randn(3)\nk = 3.0\n",
    "def f(t, scale=1.0):\n    return (t * scale).sin()\n" + SCALED.format(grad="g * ctx.k"),
    [{"kind": "gradcheck", "function": "f", "inputs": ["x"], "kwargs": {"scale": 2.0}},
     {"kind": "gradcheck", "function": "Scale", "inputs": ["x", "k"]}])
DOUBLE = '''
class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2

    @staticmethod
    def jvp(ctx, dx):
        return {jvp}
'''
FORWARD_AD = _exercise(
    "forward-ad", "torch.manual_seed(seed)\nx = torch.randn(3)\n", DOUBLE.format(jvp="dx * 2"),
    [{"kind": "gradcheck", "function": "Double", "inputs": ["x"], "check_forward_ad": True}],
)

# NOTE [gradients a backward pass left]: `from_backward` wants .grad as a backward pass left it
FROM_BACKWARD = _exercise(
    "from-backward", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\n",
    "(w * x).sum().backward()\n", [{"kind": "grad", "tensor": "w", "from_backward": True}])
CLIPPED_AFTER = _exercise(  # the reference itself changes .grad after its pass: the learner may too
    "clipped-after", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\n",
    "(w * x * 10).sum().backward()\ntorch.nn.utils.clip_grad_value_([w], 1.0)\n",
    [{"kind": "grad", "tensor": "w", "from_backward": True}])
HIDDEN_FB = _exercise(  # a gradient of a tensor the learner makes (kept by retain_grad)
    "hidden-from-backward", "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n",
    "h = x * 2\nh.retain_grad()\n(h ** 2).sum().backward()\n",
    [{"kind": "grad", "tensor": "h", "from_backward": True}])
BY_HAND = "`w.grad` was set by your code, not left there by a backward pass"
# NOTE [the pass that started at the loss]: `backward_from` wants the pass to start at `loss`
BACKWARD_FROM = _exercise(
    "backward-from", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\n",
    "loss = (w * x).sum()\nloss.backward()\n", [{"kind": "grad", "tensor": "w", "backward_from": "loss"}])
VALUE_FROM_LOSS = _exercise(
    "value-from-loss", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\n",
    "loss = (w * x).sum()\n(g,) = torch.autograd.grad(loss, w)\n",
    [{"kind": "value", "expr": "g", "from_autograd": True, "backward_from": "loss"}])
IF_FREED = _exercise(  # the graph path, or what the code's own backward left where it freed the graph
    "if-freed", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\n", "y = (w * w).sum()\n",
    [{"kind": "value", "expr": "torch.autograd.grad(y, w, create_graph=True)[0] / 2", "if_freed": "w.grad / 2"}])
NOT_FROM_LOSS = "`w.grad` did not come from a backward pass that started at `loss`"
# NOTE [a hook that replaced a gradient]: the reference's hook clamps y's gradient, not a leaf's
CLAMP_Y = _exercise(
    "clamp-y", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\n",
    "y = w * x\ny.register_hook(lambda g: g.clamp(-1, 1))\n(y * 10).sum().backward()\n",
    [{"kind": "grad", "tensor": "w", "from_backward": True}])
REPLACED = "is not what autograd computed: a hook your code registered replaced a gradient"
# NOTE [values autograd returned]: `from_autograd` wants a value torch.autograd.grad returned
FROM_AUTOGRAD = _exercise(
    "from-autograd", "torch.manual_seed(seed)\nx = torch.randn(3)\nW = torch.randn(3, 2, requires_grad=True)\n"
    "h = torch.tanh(x @ W)\nloss = (h ** 2).sum()\n", "dh, dW = torch.autograd.grad(loss, [h, W])\n",
    [{"kind": "value", "expr": "dh", "from_autograd": True}, {"kind": "value", "expr": "dW", "from_autograd": True}])
NOT_RETURNED = "holds the right numbers, but not as `torch.autograd.grad` returned them"
FROM_FUNC = _exercise(  # the same option where the reference's value comes from a torch.func transform
    "from-func", "torch.manual_seed(seed)\nx = torch.randn(3)\ndef f(x):\n    return (x.exp() * x).sum()\n",
    "from torch.func import hessian\nH = hessian(f)(x)\n", [{"kind": "value", "expr": "H", "from_autograd": True}])
NOT_TRANSFORMED = "holds the right numbers, but no autograd transform returned them"
OR_BACKWARD = _exercise(  # `from_autograd: or-backward`: what a backward pass left in `.grad` counts too
    "or-backward", "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\nv = torch.randn(3)\n"
    "def f(x):\n    return (x ** 3).sum()\n",
    "(g,) = torch.autograd.grad(f(x), x, create_graph=True)\n(hvp,) = torch.autograd.grad(g @ v, x)\n",
    [{"kind": "value", "expr": "hvp", "from_autograd": "or-backward", "rtol": 1e-4, "atol": 1e-5}])
# NOTE [numbers worked out in hooks]: `from_hooks` wants numbers the code's hooks worked out
FROM_HOOKS = _exercise(
    "from-hooks", "torch.manual_seed(seed)\nw = torch.randn(4, requires_grad=True)\n"
    "batches = [torch.randn(2, 4) for _ in range(2)]\n",
    "norms = []\nw.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))\n"
    "for xb in batches:\n    torch.tanh(xb @ w).sum().backward()\n",
    [{"kind": "value", "expr": "norms", "from_hooks": True}])
NOT_IN_HOOKS = "holds the right numbers, but your hooks did not work them out"
FROM_HOOKS_COUNTED = _exercise(  # the mode routes a registration through the observers again: counted once
    "from-hooks-counted", FROM_HOOKS.setup, FROM_HOOKS.solution,
    [{"kind": "value", "expr": "norms", "from_hooks": True}, {"kind": "hooks", "on": "tensor", "count": 1},
     {"kind": "hooks", "on": "tensor", "tensor": "w", "count": 1}])
# NOTE [hooks on a named tensor]: `tensor: w` counts only the hooks on w
HOOKS_ON_W = _exercise(
    "hooks-on-w", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\n",
    "w.register_hook(lambda g: g * 2)\ny = w * x\ny.sum().backward()\n",
    [{"kind": "grad", "tensor": "w"}, {"kind": "hooks", "on": "tensor", "tensor": "w", "min": 1, "max": 1}])
# NOTE [gradients handed to hooks, scaled]: on a hidden trial every backward hook is handed its gradient
# times 3 (what it returns, scaled back: the grad check proves the pass goes on as it would)
SCALED_HOOKS = _exercise(
    "scaled", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\n",
    "norms = []\ny = w * x\ny.register_hook(lambda g: norms.append(g.norm().item()))\n(y ** 2).sum().backward()\n",
    [{"kind": "value", "expr": "norms", "from_hooks": True}, {"kind": "grad", "tensor": "w"}],
    [{"seed": 0}, {"seed": 1, "hidden": True}, {"seed": 2, "hidden": True, "scale_hook_gradients": 3}])
NOT_SCALED = "did not follow the gradients your hooks were handed"
FROM_HOOKS_SCALED = _exercise(  # ... and the `.grad` a hook on a followed leaf reads while it runs
    "from-hooks-scaled", FROM_HOOKS.setup, FROM_HOOKS.solution,
    [{"kind": "value", "expr": "norms", "from_hooks": True}, {"kind": "grad", "tensor": "w", "from_backward": True}],
    [{"seed": 0}, {"seed": 1, "hidden": True, "scale_hook_gradients": 3}])
# NOTE [hooks on named modules]: `modules:` counts the hooks on those modules, one on each at least
MODULES = _exercise(
    "modules", "torch.manual_seed(seed)\nmodel = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))\n"
               "x = torch.randn(5, 3)\n",
    "seen = []\nfor m in (model[0], model[2]):\n    m.register_full_backward_hook(lambda m, gi, go: seen.append(1))\n"
    "model(x).sum().backward()\n",
    [{"kind": "value", "expr": "len(seen)"}, {"kind": "hooks", "on": "module", "modules": ["model[0]", "model[-1]"],
                                             "min": 2}])
KEEP_Y = _exercise(
    "keep-y", "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\n",
    "y = w * x\ny.retain_grad()\n(y ** 2).sum().backward()\n",
    [{"kind": "grad", "tensor": "y", "from_backward": True}, {"kind": "grad", "tensor": "w", "from_backward": True}])
LOOP = "for xb in batches:\n    torch.tanh(xb @ w).sum().backward()\n"

NP = "import numpy as np\n"

# name: (exercise, code, check label (None: the exercise's error text), status, substrings)
CASES: dict[str, tuple] = {
    "calls_one_backward": (TWO_BACKWARD, "y = (x ** 2).sum()\ny.backward()\n", "calls backward (exactly 2)",
                           "failed", ["your code called backward() once; this exercise asks for exactly 2"]),
    "calls_no_retain": (TWO_BACKWARD, "(x ** 2).sum().backward()\n(x ** 2).sum().backward()\n",
                        "calls backward, with retain_graph=True (at least 1)", "failed",
                        ["with retain_graph=True no times (2 times in all)", "Pass retain_graph=True"]),
    "calls_hidden_by_noop_patch": (TWO_BACKWARD, "torch.autograd.backward = lambda *a, **k: None\n"
                                   "y = (x ** 2).sum()\ny.backward(retain_graph=True)\n",
                                   "calls backward (exactly 2)", "failed", ["called backward() once"]),
    # NOTE [a zero seed is no pass]: a backward seeded with zeros adds nothing and is not counted
    "calls_zero_seed": (TWO_BACKWARD, "y = (x ** 2).sum()\ny.backward(retain_graph=True)\n"
                        "y.backward(torch.zeros(()))\nx.grad = 2 * x.grad\n",
                        "calls backward (exactly 2)", "failed", ["called backward() once"]),
    "calls_zero_seeds_everywhere": (TWO_BACKWARD, "y = (x ** 2).sum()\n"
                                    "torch.autograd.backward([y], grad_tensors=[torch.zeros(())], retain_graph=True)\n"
                                    "torch.autograd.grad(y, x, torch.zeros(()), retain_graph=True)\n"
                                    "y.backward(gradient=torch.zeros(()))\n",
                                    "calls backward (exactly 2)", "failed", ["never called backward()"]),
    "calls_full_jacobian": (VJP, "J = torch.autograd.functional.jacobian(f, x)\nvjp = v @ J\n",
                            "calls autograd.functional.jacobian (at most 0)", "failed",
                            ["asks you not to call torch.autograd.functional.jacobian()", "vector product"]),
    "footprint_full_jacobian": (VJP, "J = torch.autograd.functional.jacobian(f, x)\nvjp = v @ J\n",
                                "footprint: no autograd result over 4 elements", "failed",
                                ["16 elements", "shape [4, 4]", "torch.autograd.functional.jacobian()"]),
    "footprint_detach_after": (NO_GRAPH, "out = model(x).detach()\n", "footprint: no autograd graph", "failed",
                               ["built an autograd graph", "torch.no_grad()", "too late"]),
    "hooks_scaled_afterwards": (HOOK, "(x * 10).sum().backward()\nwith torch.no_grad():\n    x.grad.clamp_(-1, 1)\n",
                                "hooks on tensor (at least 1)", "failed",
                                ["registered no hooks on tensors", "register_hook"]),
    "unchanged_inplace_same_values": (UNCHANGED, "w.mul_(1)\ny = x * w\n", "unchanged: x, w", "failed",
                                      ["changed `w` in place", "in-place operation ran on it"]),
    "unchanged_values": (UNCHANGED, "x *= 2\ny = x * w / 2\n", "unchanged: x, w", "failed",
                         ["changed `x` in place (its values changed)", "x.clone()"]),
    "raises_other_runtime_error": (RAISES_ANY, "raise ValueError('something else went wrong')\n",
                                   "raises ValueError", "failed",
                                   ["as asked, but not the error", "does not match /positive/"]),
    # Gradchecks that mean something: the function must compute what the reference's does.
    "gradcheck_empty_output": (GRADCHECK_SQ, SQUARE_FN.format(forward="x[:0]", backward="g[:0] if False else g.new_zeros(x.shape)"),
                               "gradcheck of Sq", "failed", ["returns an empty tensor", "nothing to compare"]),
    "gradcheck_other_function": (GRADCHECK_SQ, SQUARE_FN.format(forward="x * 3", backward="g * 3"),
                                 "gradcheck of Sq", "failed", ["does not compute what the exercise's function computes"]),
    # Exceptions with an origin: autograd's own error, not one written by hand.
    "raises_by_hand": (RAISES_MATCH, "raise RuntimeError('Trying to backward through the graph a second time')\n",
                       "raises RuntimeError", "failed", ["raised RuntimeError itself", "`raise` statement at line 1"]),
    "raises_by_hand_in_a_function": (RAISES_MATCH, "def boom():\n    raise RuntimeError('a second time')\nboom()\n",
                                     "raises RuntimeError", "failed", ["raised RuntimeError itself"]),
    "raises_by_hand_in_exec": (RAISES_MATCH, "exec(\"raise RuntimeError('a second time')\")\n",
                               "raises RuntimeError", "failed", ["raised RuntimeError itself"]),
    "raises_by_hand_in_a_written_module": (
        RAISES_MATCH, "import sys\nopen('/tmp/m.py', 'w').write('def f():\\n    raise RuntimeError(\"a second time\")\\n')\n"
        "sys.path.insert(0, '/tmp')\nimport m\nm.f()\n", "raises RuntimeError", "failed",
        ["raised RuntimeError itself"]),
    "type_0d_array_for_number": (TYPED, NP + "s = x.detach().sum().numpy()\nm = x.max()\nb = x.requires_grad\n",
                                 "value of s", "failed", ["`s` is a 0-d numpy array", "call .item()"]),
    "type_0d_array_for_bool": (TYPED, NP + "s = x.sum().item()\nm = x.max()\nb = np.array(True)\n",
                               "value of b", "failed", ["`b` is a 0-d numpy array", "True or False"]),
    "type_tensor_for_number": (TYPED, "s = x.sum()\nm = x.max()\nb = x.requires_grad\n", "value of s", "failed",
                               ["`s` is a tensor of shape [], but this exercise asks for a Python number", ".item()"]),
    "type_number_for_tensor": (TYPED, "s = x.sum().item()\nm = x.max().item()\nb = x.requires_grad\n",
                               "value of m", "failed", ["`m` is a Python number, but this exercise asks for a tensor"]),
    "type_tensor_for_bool": (TYPED, "s = x.sum().item()\nm = x.max()\nb = torch.tensor(True)\n", "value of b",
                             "failed", ["asks for True or False"]),
    "dtype_wrong": (DTYPES, "(x ** 2).sum().backward()\nd = torch.float32\ndev = x.grad.device\nleafy = x.is_leaf\n",
                    "value of d", "failed", ["`d` is torch.float32, expected torch.float64"]),
    "bool_printed_as_bool": (DTYPES, "(x ** 2).sum().backward()\nd = x.grad.dtype\ndev = x.grad.device\n"
                             "leafy = not x.is_leaf\n", "value of leafy", "failed",
                             ["`leafy` is False, expected True"]),
    "author_message_on_grad": (GRAD_X, "(x ** 3).sum().backward()\n", "grad of x", "failed",
                               ["differs from the expected gradient", "\nRemember: one backward pass."]),
    "ratio_without_accumulation": (GRAD_X, "(x ** 2).sum().mul(3).backward()\n", "grad of x", "failed",
                                   ["exactly 3 times the expected gradient."]),
    "ratio_with_accumulation": (GRAD_X, "y = (x ** 2).sum()\ny.backward(retain_graph=True)\ny.backward()\n",
                                "grad of x", "failed", ["exactly 2 times", "called backward() 2 times", "accumulate"]),
    "nan_reported_as_nan": (GRAD_X, "(x ** 2).sum().backward()\nx.grad[1] = float('nan')\n", "grad of x", "failed",
                            ["holds NaN at index [1]"]),
    "visible_trial_named": (VISIBLE_TRIALS, "(x ** 3).sum().backward()\n", "grad of x", "failed",
                            ["(trial with seed 0; setup tensors x: [3])"]),
    "retain_grad_after_backward": (RETAIN, "h = x * 2\n(h ** 2).sum().backward()\nh.retain_grad()\n", "grad of h",
                                   "failed", ["keeps only gradients computed after it is called"]),
    "missing_create_graph": (SECOND, "(g,) = torch.autograd.grad((x ** 3).sum(), x)\n"
                             "(g2,) = torch.autograd.grad(g.sum(), x)\n", None, "error",
                             ["create_graph=True", "differentiate"]),
    "exception_leads": (SECOND, "(g,) = torch.autograd.grad((x ** 3).sum(), x)\n"
                        "(g2,) = torch.autograd.grad(g.sum(), x)\n", "value of g2", "error",
                        ["your code raised RuntimeError at line 2"]),
    "still_requires_grad_in_evaluation": (EVALUATE, "z = (w * x).detach() * 1 + w * 0\n", "z.requires_grad",
                                          "failed", ["with torch.no_grad():"]),
    "predict_wrong_number": (PREDICT, "answer = 4.5\nshape = (3,)\n", "value of answer", "failed",
                             ["not right", "too large"]),
    "predict_wrong_shape": (PREDICT, "answer = 3.0\nshape = (3, 3)\n", "value of shape", "failed",
                            ["has 2 items; that is not the right number"]),
    "expect_none_advice": (NONE, "(x * w).sum().backward()\n", "grad of w is None", "failed",
                           ["`.detach()` the tensor that carries `w`", "requires_grad_(False)"]),
    "expect_none_zeros": (NONE, "(x * w).sum().backward()\nw.grad.zero_()\n", "grad of w is None", "failed",
                          ["holds zeros", "`w.grad = None`"]),
    "gradcheck_kwargs_wrong": (GRADCHECK_ARGS, "def f(t, scale=1.0):\n    return MySin.apply(t * scale)\n"
                               "class MySin(torch.autograd.Function):\n    @staticmethod\n"
                               "    def forward(ctx, t):\n        ctx.save_for_backward(t)\n        return t.sin()\n"
                               "    @staticmethod\n    def backward(ctx, g):\n        (t,) = ctx.saved_tensors\n"
                               "        return g * t.cos() * 2\n" + SCALED.format(grad="g * ctx.k"),
                               "gradcheck of f", "failed", ["do not match finite differences"]),
    "gradcheck_forward_ad_wrong": (FORWARD_AD, DOUBLE.format(jvp="dx * 3"), "gradcheck of Double", "failed",
                                   ["do not match finite differences"]),
    "gradcheck_cannot_run": (GRADCHECK_ARGS, "f = 3\n" + SCALED.format(grad="g * ctx.k"), "gradcheck of f",
                             "failed", ["could not run", "not a function"]),
    "from_backward_dummy_pass": (FROM_BACKWARD, "w.grad = x.clone()\ntorch.zeros((), requires_grad=True).backward()\n",
                                 "grad of w", "failed", [BY_HAND]),
    "from_backward_autograd_grad_changed": (FROM_BACKWARD, "(g,) = torch.autograd.grad((w * x * 2).sum(), w)\n"
                                            "w.grad = g\nw.grad /= 2\n", "grad of w", "failed", [BY_HAND]),
    "from_backward_prefilled_correction": (FROM_BACKWARD, "w.grad = -x.clone()\n(w * x * 2).sum().backward()\n",
                                           "grad of w", "failed", [BY_HAND]),
    "from_backward_hidden_by_hand": (HIDDEN_FB, "h = x * 2\nh.retain_grad()\n(h ** 2).sum().backward()\n"
                                     "h.grad = h.grad + 0.5\n", "grad of h", "failed",
                                     ["And it was set by your code"]),
    # the grader switches recording back on before its probes: observe.end notes it first (kinds/inputs.py)
    "grad_mode_left_off": (UNCHANGED, "torch.set_grad_enabled(False)\ny = x * w\n", "inputs and grad mode as the setup left them",
                           "failed", ["left gradient recording switched off", "with torch.no_grad():"]),
    "from_backward_rebound_by_hand": (FROM_BACKWARD, "w = w.detach().requires_grad_()\nw.grad = x.clone()\n",
                                      "grad of w", "failed", [BY_HAND]),
    "from_backward_gradient_of_a_detached_copy": (FROM_BACKWARD, "w2 = w.detach().requires_grad_()\n"
                                                  "w.grad = torch.autograd.grad((w2 * x).sum(), w2)[0]\n",
                                                  "grad of w", "failed", [BY_HAND]),
    "from_backward_seeded_on_w_itself": (FROM_BACKWARD, "(w * x).sum()\nw.backward(gradient=x.clone())\n",
                                         "grad of w", "failed", [BY_HAND]),
    "from_backward_seeded_on_a_view_of_w": (FROM_BACKWARD, "(w.view_as(w) + 0).backward(x.clone())\n",
                                            "grad of w", "failed", [BY_HAND]),
    "from_backward_seeded_on_a_multiple_of_w": (FROM_BACKWARD, "(w.clone() * 2).backward(x.clone() / 2)\n",
                                                "grad of w", "failed", [BY_HAND]),
    "from_backward_autograd_grad_of_w_itself": (FROM_BACKWARD, "w.grad = torch.autograd.grad(w, w, x.clone())[0]\n",
                                                "grad of w", "failed", [BY_HAND]),
    "from_backward_no_pass": (FROM_BACKWARD, "w.grad = x.clone()\n", "grad of w", "failed", [BY_HAND]),
    "backward_from_a_surrogate": (BACKWARD_FROM, "loss = (w * x).sum()\n(w * x.clone()).sum().backward()\n",
                                  "grad of w", "failed", [NOT_FROM_LOSS]),
    "backward_from_a_second_graph": (BACKWARD_FROM, "loss = (w * x).sum()\nloss2 = (x * w).sum()\n"
                                     "w.grad = torch.autograd.grad(loss2, w)[0]\n",
                                     "grad of w", "failed", [NOT_FROM_LOSS]),
    "value_backward_from_a_seeded_surrogate": (VALUE_FROM_LOSS, "loss = (w * x).sum()\n"
                                               "(g,) = torch.autograd.grad(w * 1, w, grad_outputs=x.clone())\n",
                                               # NOTE [a seed copied in]: `w * 1` hands its seed to w
                                               "value of g", "failed", ["not as `torch.autograd.grad` returned them"]),
    "value_backward_from_a_seeded_surrogate_of_two": (VALUE_FROM_LOSS, "loss = (w * x).sum()\n"
                                                      "(g,) = torch.autograd.grad(w * x.clone(), w, torch.ones(3))\n",
                                                      "value of g", "failed", ["did not start at `loss` as one plain pass"]),
    "backward_from_a_term_and_a_surrogate": (BACKWARD_FROM, "a = (w * x).sum() / 2\nb = (x * w).sum() / 2\n"
                                             "a.backward()\n(w * (x / 2)).sum().backward()\nloss = a + b\n",
                                             "grad of w", "failed", [NOT_FROM_LOSS]),
    "backward_from_loss_plus_zero_surrogate": (BACKWARD_FROM, "loss = (w * x).sum()\n"
                                               "(loss * 0 + (w * x.clone()).sum()).backward()\n",
                                               "grad of w", "failed", [NOT_FROM_LOSS]),
    "backward_from_a_tiny_multiple_of_loss_and_a_surrogate": (
        BACKWARD_FROM, "loss = (w * x).sum()\n(loss * 1e-30).backward()\n(w * x.clone()).sum().backward()\n",
        "grad of w", "failed", [NOT_FROM_LOSS]),
    "hook_returns_a_formula": (FROM_BACKWARD, "w.register_hook(lambda g: x.clone())\n(w * x * 3).sum().backward()\n",
                               "grad of w", "failed", ["`w.grad` " + REPLACED]),
    "hook_writes_into_its_gradient": (FROM_BACKWARD, "w.register_hook(lambda g: g.copy_(x))\n"
                                      "(w * x * 3).sum().backward()\n", "grad of w", "failed", [REPLACED]),
    "post_accumulate_hook_writes_grad": (FROM_BACKWARD, "w.register_post_accumulate_grad_hook(lambda p: [p.grad.copy_(x)] and None)\n"
                                         "(w * x * 3).sum().backward()\n", "grad of w", "failed", [REPLACED]),
    "hook_formula_under_autograd_grad": (VALUE_FROM_LOSS, "w.register_hook(lambda g: x.clone())\n"
                                         "loss = (w * x * 3).sum()\n(g,) = torch.autograd.grad(loss, w)\n",
                                         "value of g", "failed", ["`g` " + REPLACED]),
    "leaf_hook_where_the_reference_hooks_y": (CLAMP_Y, "y = w * x\n"
                                              "w.register_hook(lambda g: x.clone())  # the clamp, by hand\n"
                                              "(y * 10).sum().backward()\n", "grad of w", "failed", [REPLACED]),
    "if_freed_is_not_for_other_errors": (IF_FREED, "y = (w.detach() * w.detach()).sum()\n",
                                         "value of torch.autograd.grad(y, w, create_graph=True)[0] / 2",
                                         "failed", ["does not require grad"]),
    "backward_from_loss_rebound_after": (BACKWARD_FROM, "loss = (w * x).sum()\nloss.backward()\n"
                                         "loss = (w * x).sum() * 1\n", "grad of w", "failed", [NOT_FROM_LOSS]),
    "from_backward_fixed_after": (FROM_BACKWARD, "(w * x * 2).sum().backward()\nw.grad = w.grad / 2\n", "grad of w",
                                  "failed", [BY_HAND]),
    "from_backward_fixed_in_place": (FROM_BACKWARD, "(w * x * 2).sum().backward()\nwith torch.no_grad():\n"
                                     "    w.grad.div_(2)\n", "grad of w", "failed", [BY_HAND]),
    "from_backward_fixed_through_data": (FROM_BACKWARD, "(w * x * 2).sum().backward()\nw.grad.data.div_(2)\n"
                                         "(w * 0).sum().backward()\n", "grad of w", "failed", [BY_HAND]),
    "from_backward_assigned_by_a_hook_the_pass_never_reached": (
        FROM_BACKWARD, "x2 = x.clone().requires_grad_()\n"
        "x2.register_hook(lambda g: setattr(w, 'grad', x.clone()) or g)\n"
        "torch.autograd.backward((w.detach() * x2).sum(), inputs=[x2])\n", "grad of w", "failed", [BY_HAND]),
    "from_autograd_rest_by_hand": (FROM_AUTOGRAD, "(dh,) = torch.autograd.grad(loss, h)\n"
                                   "dW = torch.outer(x, dh * (1 - h.detach() ** 2))\n", "value of dW", "failed",
                                   [NOT_RETURNED, "bind what the call returns to `dW`"]),
    "from_autograd_by_hand_beside_a_call": (FROM_AUTOGRAD, "(dW,) = torch.autograd.grad(loss, W)\n"
                                            "dh = 2 * h.detach()\n", "value of dh", "failed", [NOT_RETURNED]),
    "from_autograd_backward_copied": (FROM_AUTOGRAD, "h.retain_grad()\nloss.backward()\n"
                                      "dh, dW = h.grad.clone(), W.grad.clone()\n", "value of dW", "failed",
                                      [NOT_RETURNED]),
    "from_autograd_wrong_numbers": (FROM_AUTOGRAD, "dh, dW = torch.autograd.grad(loss * 2, [h, W])\n",
                                    "value of dW", "failed", ["dW"]),
    "from_autograd_formula_beside_a_transform": (FROM_FUNC, "from torch.func import grad, jacrev\n"
                                                 "g = grad(f)(x)\n_ = jacrev(f)(x)\nH = torch.diag((x + 2) * x.exp())\n",
                                                 "value of H", "failed", [NOT_TRANSFORMED, "bind what it returns to `H`"]),
    "from_autograd_by_hand_beside_torch_func": (FROM_AUTOGRAD, "from torch.func import grad as fgrad\n"
                                                "_ = fgrad(lambda t: (t ** 2).sum())(x)\n"
                                                "(dW,) = torch.autograd.grad(loss, W)\ndh = 2 * h.detach()\n",
                                                "value of dh", "failed", [NOT_RETURNED]),
    "or_backward_finite_difference": (OR_BACKWARD, "xd = x.detach().double()\ne = 1e-4\n"
                                      "gp = 3 * (xd + e * v.double()) ** 2\ngm = 3 * (xd - e * v.double()) ** 2\n"
                                      "hvp = ((gp - gm) / (2 * e)).float()\n", "value of hvp", "failed",
                                      ["autograd did not compute them", "a backward pass"]),
    "from_autograd_left_by_backward": (FROM_AUTOGRAD, "loss.backward(retain_graph=True)\ndW = W.grad\n"
                                       "(dh,) = torch.autograd.grad(loss, h)\n", "value of dW", "failed",
                                       [NOT_RETURNED, "a backward pass left them in `.grad`"]),
    "from_hooks_noop_hook_norms_in_the_loop": (FROM_HOOKS, "norms = []\nw.register_hook(lambda g: g)\n"
                                               "for xb in batches:\n    torch.tanh(xb @ w).sum().backward()\n"
                                               "    norms.append(w.grad.norm().item())\n", "value of norms",
                                               "failed", [NOT_IN_HOOKS]),
    "from_hooks_hook_reads_grad_norm_after": (FROM_HOOKS, "seen = []\n"
                                              "w.register_post_accumulate_grad_hook(lambda p: seen.append(p.grad))\n"
                                              "norms = []\n" + LOOP.replace("backward()\n", "backward()\n"
                                              "    norms.append(float(w.grad.norm()))\n"), "value of norms",
                                              "failed", [NOT_IN_HOOKS]),
    "from_hooks_no_hook_at_all": (FROM_HOOKS, "norms = []\n" + LOOP.replace("backward()\n", "backward()\n"
                                  "    norms.append(w.grad.norm().item())\n"), "value of norms", "failed",
                                  [NOT_IN_HOOKS]),
    "from_hooks_two_hooks_counted_twice": (FROM_HOOKS_COUNTED, "norms = []\nw.register_hook(lambda g: g)\n"
                                           "w.register_post_accumulate_grad_hook(lambda p: norms.append("
                                           "p.grad.norm().item()))\n" + LOOP, "hooks on w (exactly 1)", "failed",
                                           ["registered 2 hooks on `w`"]),
    "from_hooks_wrong_numbers": (FROM_HOOKS, "norms = []\nw.register_hook(lambda g: norms.append(g.norm().item()))\n"
                                 + LOOP, "value of norms", "failed", ["norms"]),
    "scaled_norms_worked_out_before_the_pass_appended_in_the_hook": (
        SCALED_HOOKS, "y = w * x\npre = (2 * y).detach().norm().item()\nnorms = []\n"
        "y.register_hook(lambda g: norms.append(pre))\n(y ** 2).sum().backward()\n",
        "value of norms", "failed", [NOT_SCALED]),
    "scaled_hook_works_from_the_inputs": (SCALED_HOOKS, "norms = []\ny = w * x\n"
                                          "y.register_hook(lambda g: norms.append((2 * y).detach().norm().item()))\n"
                                          "(y ** 2).sum().backward()\n", "value of norms", "failed", [NOT_SCALED]),
    "scaled_post_hook_hand_running_sum": (FROM_HOOKS_SCALED, "norms = []\nacc = torch.zeros_like(w)\n"
                                          "def log(p):\n    acc.add_(xb.T @ (1 - torch.tanh(xb @ p.detach()) ** 2))\n"
                                          "    norms.append(acc.norm().item())\n"
                                          "w.register_post_accumulate_grad_hook(log)\n" + LOOP,
                                          "value of norms", "failed", [NOT_SCALED]),
    "modules_hooks_on_the_tanh_and_the_container": (MODULES, "seen = []\nfor m in (model, model[1]):\n"
                                                    "    m.register_full_backward_hook(lambda m, gi, go: seen.append(1))\n"
                                                    "model(x).sum().backward()\n",
                                                    "hooks on model[0], model[-1] (at least 2)", "failed",
                                                    ["no hook on `model[0]`, `model[-1]`"]),
    "modules_two_hooks_on_one_layer": (MODULES, "seen = []\nfor _ in range(2):\n"
                                       "    model[0].register_full_backward_hook(lambda m, gi, go: seen.append(1))\n"
                                       "model(x).sum().backward()\n",
                                       "hooks on model[0], model[-1] (at least 2)", "failed",
                                       ["no hook on `model[-1]`"]),
    "modules_hooks_taken_off_at_once": (MODULES, "seen = [1, 1]\nfor m in (model[0], model[2]):\n"
                                        "    m.register_full_backward_hook(lambda m, gi, go: None).remove()\n"
                                        "model(x).sum().backward()\n",
                                        "hooks on model[0], model[-1] (at least 2)", "failed",
                                        ["but none of them ran"]),
    "modules_none_at_all": (MODULES, "seen = [1, 1]\nmodel(x).sum().backward()\n",
                            "hooks on model[0], model[-1] (at least 2)", "failed",
                            ["registered no hooks on `model[0]`, `model[-1]`"]),
    "hooks_on_another_tensor": (HOOKS_ON_W, "y = w * x\ny.register_hook(lambda g: g * 2)\ny.sum().backward()\n",
                                "hooks on w (exactly 1)", "failed",
                                ["registered no hooks on `w`", "Its hooks on other tensors do not count"]),
    "hooks_on_w_twice": (HOOKS_ON_W, "w.register_hook(lambda g: g * 2)\nh = w.register_hook(lambda g: g)\n"
                         "h.remove()\n(w * x).sum().backward()\n", "hooks on w (exactly 1)", "failed",
                         ["registered 2 hooks on `w`", "every registration counts"]),
    "forged_record_is_invalid": (HOOK, "import tutor.grade.observe as o\nx.register_hook(lambda g: g.clamp(-1, 1))\n"
                                 "(x * 10).sum().backward()\no._S.hooks = {'tensor': 'many'}\n",
                                 "hooks on tensor (at least 1)", "failed", ["invalid result from the run"]),
}

PASSING = {
    "calls_two_backward": (TWO_BACKWARD, "y = (x ** 2).sum()\ntorch.autograd.backward(y, retain_graph=True)\n"
                           "y.backward()\n"),
    "calls_wrapper_not_double_counted": (TWO_BACKWARD, "_o = torch.autograd.backward\n"
                                         "def quiet(*a, **k):\n    return _o(*a, **k)\n"
                                         "torch.autograd.backward = quiet\ny = (x ** 2).sum()\n"
                                         "y.backward(retain_graph=True)\ny.backward()\n"),
    "calls_bound_before": (TWO_BACKWARD, "from torch.autograd import backward as bw\ny = (x ** 2).sum()\n"
                           "bw(y, retain_graph=True)\nbw(y)\n"),
    "calls_one_zero_seed_among_others": (TWO_BACKWARD, "y = (x ** 2).sum()\n"
                                         "y.backward(torch.tensor([0.0, 1.0]).sum(), retain_graph=True)\n"
                                         "torch.autograd.backward([y, y], [torch.zeros(()), torch.ones(())])\n"),
    "vjp_with_func": (VJP, "_, pull = torch.func.vjp(f, x)\n(vjp,) = pull(v)\n"),
    "no_graph_inference_mode": (NO_GRAPH, "with torch.inference_mode():\n    out = model(x)\nout = out.clone()\n"),
    "hook_lambda_elsewhere": (HOOK, "def clip(g):\n    return g.clamp(-1, 1)\nh = x.register_hook(clip)\n"
                              "(10 * x).sum().backward()\n"),
    "unchanged_rebinding": (UNCHANGED, "x = x * 1\ny = w * x\n"),
    "raises_match": (RAISES_MATCH, "y = x.exp().sum()\ny.backward()\ny.backward()\n"),
    "gradcheck_same_function_otherwise": (GRADCHECK_SQ, SQUARE_FN.format(forward="x * x", backward="2 * x * g")),
    "raises_reraised_from_torch": (RAISES_MATCH, "y = x.exp().sum()\ny.backward()\ntry:\n    y.backward()\n"
                                                 "except RuntimeError as e:\n    raise e\n"),
    "raises_any_origin_by_hand": (RAISES_ANY, "if True:\n    raise ValueError('x must be positive')\n"),
    "numpy_scalars": (TYPED, NP + "s = np.float64(x.sum().item())\nm = x.max()\nb = np.bool_(True)\n"),
    "numpy_0d_array_where_no_type_is_asked": (FROM_HOOKS, NP + "norms = []\n"
                                               "w.register_post_accumulate_grad_hook(\n"
                                               "    lambda p: norms.append(np.asarray(p.grad.norm().item())))\n"
                                               + LOOP),
    "numpy_float32": (TYPED, NP + "s = np.float32(x.sum().item())\nm = x.max()\nb = x.requires_grad\n"),
    "dtypes_right": (DTYPES, DTYPES.solution),
    "gradcheck_args": (GRADCHECK_ARGS, GRADCHECK_ARGS.solution),
    "forward_ad": (FORWARD_AD, FORWARD_AD.solution),
    "predict_right": (PREDICT, "answer = 3.0\nshape = (3,)\n"),
    "from_backward_zeroed_then_pass": (FROM_BACKWARD, "w.grad = torch.zeros(3)\nw.grad.zero_()\n"
                                       "torch.autograd.backward((x * w).sum())\n"),
    "hook_on_y_as_the_reference": (CLAMP_Y, "h = x * w\nh.register_hook(lambda g: torch.clamp(g, min=-1, max=1))\n"
                                   "(10 * h).sum().backward()\n"),
    "hook_that_reads_and_returns_a_copy": (FROM_BACKWARD, "seen = []\n"
                                           "w.register_hook(lambda g: seen.append(g.norm().item()) or g.clone())\n"
                                           "(w * x).sum().backward()\n"),
    "from_backward_hook_scales_in_the_pass": (FROM_BACKWARD, "w.register_hook(lambda g: g * 1)\n"
                                              "(w * x).sum().backward()\n"),
    "from_backward_two_halves": (FROM_BACKWARD, "(w * x / 2).sum().backward()\nprint(w.grad)\n"
                                 "(w * x / 2).sum().backward()\n"),
    "from_backward_autograd_grad_assigned": (FROM_BACKWARD, "(g,) = torch.autograd.grad((w * x).sum(), w)\n"
                                             "w.grad = g\n"),
    "from_backward_hidden_in_a_function": (HIDDEN_FB, "def run():\n    h = x * 2\n    h.retain_grad()\n"
                                           "    (h ** 2).sum().backward()\n    return h\nh = run()\n"),
    "from_backward_clip_not_reached": (FROM_BACKWARD, "(w * x).sum().backward()\n"
                                       "torch.nn.utils.clip_grad_norm_([w], max_norm=1e6)\n"),
    "from_backward_autograd_grad_cloned": (FROM_BACKWARD, "(g,) = torch.autograd.grad((w * x).sum(), w)\n"
                                           "w.grad = g.detach().clone()\n"),
    "backward_from_autograd_grad_cloned": (BACKWARD_FROM, "loss = (w * x).sum()\n"
                                           "w.grad = torch.clone(torch.autograd.grad(loss, w)[0])\n"),
    "value_backward_from_a_view_of_loss": (VALUE_FROM_LOSS, "loss = (w * x).sum()\n"
                                           "(g,) = torch.autograd.grad(loss.view(1), w, torch.ones(1))\n"),
    "backward_from_a_sum_of_the_scalar_loss": (BACKWARD_FROM, "loss = (w * x).sum()\nloss.sum().backward()\n"),
    "backward_from_each_term_then_their_sum": (BACKWARD_FROM, "a = (w * x).sum() / 2\nb = (x * w).sum() / 2\n"
                                               "a.backward()\nb.backward()\nloss = a + b\n"),
    "backward_from_a_mean_then_loss_a_number": (BACKWARD_FROM, "loss = (w * x).sum()\nloss.mean().backward()\n"
                                                "loss = loss.item()\n"),
    "from_backward_copied_into_grad": (FROM_BACKWARD, "(g,) = torch.autograd.grad((w * x).sum(), w)\n"
                                       "w.grad = torch.zeros(3)\nw.grad.copy_(g)\n"),
    "backward_from_a_term_by_grad_then_a_pass": (BACKWARD_FROM, "a = (w * x).sum() / 2\nb = (x * w).sum() / 2\n"
                                                 "loss = a + b\n(w.grad,) = torch.autograd.grad(a, w, retain_graph=True)\n"
                                                 "b.backward()\n"),
    "if_freed_after_the_codes_backward": (IF_FREED, "y = (w * w).sum()\ny.backward()\n"),
    "from_backward_cloned_after_many_calls": (FROM_BACKWARD, "for _ in range(70):\n"
                                              "    torch.autograd.grad((w * x).sum(), w)\n"
                                              "(g,) = torch.autograd.grad((w * x).sum(), w)\nw.grad = g.clone()\n"),
    "backward_from_autograd_backward": (BACKWARD_FROM, "loss = (w * x).sum()\ntorch.autograd.backward([loss])\n"),
    "backward_from_autograd_grad_assigned": (BACKWARD_FROM, "loss = (x * w).sum()\n"
                                             "(w.grad,) = torch.autograd.grad(outputs=loss, inputs=[w])\n"),
    "backward_from_loss_kept_as_a_number": (BACKWARD_FROM, "loss = (w * x).sum()\nloss.backward()\n"
                                            "loss = loss.item()\n"),
    "backward_from_two_halves_of_loss": (BACKWARD_FROM, "loss = (w * x).sum()\n"
                                         "loss.backward(torch.tensor(0.5), retain_graph=True)\n"
                                         "loss.backward(torch.tensor(0.5))\n"),
    "from_backward_rebound_then_pass": (FROM_BACKWARD, "w = w.detach().requires_grad_()\n(w * x).sum().backward()\n"),
    "grad_mode_off_in_a_block": (UNCHANGED, "with torch.set_grad_enabled(False):\n    y = x * w\n"),
    "grad_mode_off_then_on": (UNCHANGED, "torch.set_grad_enabled(False)\ny = x * w\ntorch.set_grad_enabled(True)\n"),
    "from_autograd_copied_in_a_function": (FROM_AUTOGRAD, "def grads(out, wrt):\n"
                                           "    return [g.detach().clone() for g in torch.autograd.grad(out, wrt)]\n"
                                           "dh, dW = grads(loss, [h, W])\n"),
    "from_autograd_keywords_and_a_seed": (FROM_AUTOGRAD, "g = torch.autograd.grad(outputs=[loss], inputs=(h, W),\n"
                                          "    grad_outputs=[torch.ones(())], retain_graph=True)\n"
                                          "dh, dW = g[0], g[1].contiguous()\n"),
    "or_backward_a_second_backward": (OR_BACKWARD, "(g,) = torch.autograd.grad(f(x), x, create_graph=True)\n"
                                      "(g * v).sum().backward()\nhvp = x.grad\n"),
    "or_backward_backward_twice_reset": (OR_BACKWARD, "f(x).backward(create_graph=True)\ng = x.grad\nx.grad = None\n"
                                         "(g @ v).backward()\nhvp = x.grad.clone()\n"),
    "or_backward_functional_hvp": (OR_BACKWARD, "_, hvp = torch.autograd.functional.hvp(f, x, v)\n"),
    "from_autograd_rows_from_grad": (FROM_FUNC, "from torch.func import grad\n"
                                     "H = torch.stack([grad(lambda t, i=i: grad(f)(t)[i])(x) for i in range(3)])\n"),
    "from_autograd_vmap_of_a_vjp": (FROM_FUNC, "from torch.func import grad, vjp, vmap\n_, pull = vjp(grad(f), x)\n"
                                    "(H,) = vmap(pull)(torch.eye(3))\n"),
    "from_autograd_functional_hessian": (FROM_FUNC, "H = torch.autograd.functional.hessian(f, x)\n"),
    "from_hooks_one_hook_counted_once": (FROM_HOOKS_COUNTED, "norms = []\n"
                                         "w.register_post_accumulate_grad_hook(lambda p: norms.append("
                                         "torch.linalg.norm(p.grad).item()))\n" + LOOP),
    "from_hooks_numpy_in_the_hook": (FROM_HOOKS, "import numpy as np\nnorms = []\n"
                                     "w.register_post_accumulate_grad_hook(\n"
                                     "    lambda p: norms.append(float(np.linalg.norm(p.grad.numpy()))))\n" + LOOP),
    "from_hooks_tensors_kept_then_floats": (FROM_HOOKS, "kept = []\n"
                                            "w.register_post_accumulate_grad_hook(lambda p: kept.append(p.grad.clone()))\n"
                                            + LOOP + "norms = [torch.linalg.vector_norm(g).item() for g in kept]\n"),
    "from_hooks_a_named_function_and_a_tuple": (FROM_HOOKS, "found = []\ndef log(param):\n"
                                                "    found.append(param.grad.pow(2).sum().sqrt().tolist())\n"
                                                "h = w.register_post_accumulate_grad_hook(log)\n" + LOOP
                                                + "h.remove()\nnorms = tuple(found)\n"),
    "scaled_hook_returns_its_gradient": (SCALED_HOOKS, "norms = []\ny = w * x\n"
                                         "def keep(g):\n    norms.append(float(g.norm()))\n    return g\n"
                                         "y.register_hook(keep)\n(y ** 2).sum().backward()\n"),
    "scaled_node_prehook": (SCALED_HOOKS, "norms = []\ny = w * x\n"
                            "y.grad_fn.register_prehook(lambda gos: norms.append(gos[0].norm().item()))\n"
                            "(y ** 2).sum().backward()\n"),
    "scaled_multi_grad_hook": (SCALED_HOOKS, "norms = []\ny = w * x\ntorch.autograd.graph.register_multi_grad_hook(\n"
                               "    (y,), lambda grads: norms.append(grads[0].norm().item()))\n(y ** 2).sum().backward()\n"),
    "scaled_pre_hook_adds_what_w_grad_holds": (FROM_HOOKS_SCALED, "norms = []\nw.register_hook(lambda g: norms.append(\n"
                                               "    (g if w.grad is None else w.grad + g).norm().item()))\n" + LOOP),
    "scaled_post_hook_clamps_in_place": (FROM_HOOKS_SCALED, "norms = []\ndef log(p):\n"
                                         "    norms.append(p.grad.norm().item())\n    p.grad.clamp_(-1e9, 1e9)\n"
                                         "w.register_post_accumulate_grad_hook(log)\n" + LOOP),
    "modules_by_type_through_the_global_hook": (MODULES, "seen = []\n"
                                                "def hook(m, gi, go):\n    if isinstance(m, nn.Linear):\n"
                                                "        seen.append(1)\n"
                                                "h = torch.nn.modules.module.register_module_full_backward_hook(hook)\n"
                                                "model(x).sum().backward()\nh.remove()\n"),
    "modules_a_forward_hook_on_each": (MODULES, "seen = []\ndef on_output(m, i, o):\n"
                                       "    o.register_hook(lambda g: seen.append(1))\n"
                                       "for m in model:\n    if isinstance(m, nn.Linear):\n"
                                       "        m.register_forward_hook(on_output)\nmodel(x).sum().backward()\n"),
    "hooks_on_w_by_another_name": (HOOKS_ON_W, "param = w\nparam.register_hook(lambda g: 2 * g)\n"
                                   "(w * x).sum().backward()\n"),
    # NOTE [a hook on a leaf's accumulator]: a pre-hook on w's AccumulateGrad node is a hook on w
    "hooks_on_w_on_its_accumulator": (HOOKS_ON_W, "acc = w.view_as(w).grad_fn.next_functions[0][0]\n"
                                      "acc.register_prehook(lambda grads: (grads[0] * 2,))\n(w * x).sum().backward()\n"),
    # NOTE [a hook that replaced a gradient]: a hook that keeps the gradient it is given as its tensor's .grad
    # (retain_grad by hand) replaces nothing
    "from_backward_a_hook_keeps_its_gradient": (KEEP_Y, "y = w * x\ny.register_hook(lambda g: setattr(y, 'grad', g))\n"
                                                "(y ** 2).sum().backward()\n"),
    "hooks_on_w_through_multi_grad_hook": (HOOKS_ON_W, "torch.autograd.graph.register_multi_grad_hook(\n"
                                           "    (w,), lambda grads: None)\nw.grad = None\n"
                                           "(w * x * 2).sum().backward()\n"),
    "from_backward_assigned_after_accumulation": (FROM_BACKWARD, "w.register_post_accumulate_grad_hook(\n"
                                                  "    lambda p: setattr(p, 'grad', p.grad.clone()))\n"
                                                  "(w * x).sum().backward()\n"),
    "from_backward_changed_on_its_way_in": (FROM_BACKWARD, "w.register_hook(lambda g: g * 1)\n(w * x).sum().backward()\n"),
    "from_backward_clamped_after_accumulation": (CLIPPED_AFTER, "w.register_post_accumulate_grad_hook(\n"
                                                 "    lambda p: [p.grad.clamp_(-1, 1)] and None)\n(w * x * 10).sum().backward()\n"),
    "from_backward_reference_clips_too": (CLIPPED_AFTER, "(10 * x * w).sum().backward()\n"
                                          "w.grad.clamp_(-1, 1)\n"),
}


@pytest.fixture(scope="module")
def results():
    names = list(CASES) + list(PASSING)
    subs = [Submission(CASES[n][0], CASES[n][1]) for n in CASES]
    subs += [Submission(PASSING[n][0], PASSING[n][1]) for n in PASSING]
    with Grader(jobs=2, timeout=30) as grader:
        graded = grader.grade(subs)
    return dict(zip(names, graded))


def _check(result, label):
    found = [c for c in result.checks if c.name == label]
    assert found, [c.name for c in result.checks]
    return found[0]


def _everything(result) -> str:
    return "\n".join([result.error, *(f"{c.name}: {c.message}" for c in result.checks)])


@pytest.mark.parametrize("name", list(CASES))
def test_mistake_fails_with_its_message(results, name):
    _exercise, _code, label, status, needles = CASES[name]
    result = results[name]
    assert result.status == status, _everything(result)
    text = result.error if label is None else _check(result, label).message
    if label is not None:
        assert not _check(result, label).passed
    for needle in needles:
        assert needle in text, f"{needle!r} not in:\n{_everything(result)}"


@pytest.mark.parametrize("name", list(PASSING))
def test_correct_variant_passes(results, name):
    result = results[name]
    assert result.status == "passed", _everything(result)
    assert result.score == result.max_score


def test_author_message_comes_after_the_explanation(results):
    message = _check(results["author_message_on_grad"], "grad of x").message
    assert message.index("differs") < message.index("Remember: one backward pass.")


def test_ratio_without_several_backwards_blames_no_accumulation(results):
    message = _check(results["ratio_without_accumulation"], "grad of x").message
    assert "accumulate" not in message and "zero_grad" not in message, message


def test_create_graph_error_is_not_blamed_on_requires_grad(results):
    error = results["missing_create_graph"].error
    assert "Create your inputs with requires_grad=True" not in error, error


def test_evaluation_advice_is_not_detach(results):
    message = _check(results["still_requires_grad_in_evaluation"], "z.requires_grad").message
    assert "use .detach()" not in message, message


def test_predict_feedback_reveals_no_expected_value(results):
    number = _check(results["predict_wrong_number"], "value of answer").message
    assert "3" not in number, number
    shape = _check(results["predict_wrong_shape"], "value of shape").message
    assert "expected" not in shape and "1 item" not in shape, shape


def test_nan_is_not_reported_as_inf(results):
    message = _check(results["nan_reported_as_nan"], "grad of x").message
    assert "largest difference is inf" not in message, message


# ---------------------------------------------------------- doing nothing


def test_doing_nothing_earns_nothing_on_the_builtin_pack(tmp_path):
    from tutor.pack import load_pack

    pack = load_pack(None)
    for student, code_of in (("empty", lambda ex: "pass\n"), ("blank", lambda ex: ""),
                             ("starter", lambda ex: ex.starter)):
        folder = tmp_path / "class" / student
        folder.mkdir(parents=True)
        for ex in pack.exercises.values():
            (folder / f"{ex.id}.py").write_text(code_of(ex), encoding="utf-8")
    report = tmp_path / "grades.json"
    proc = run_cli("grade", str(tmp_path / "class"), "--json", str(report), "--jobs", "2", timeout=1200)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    for submission in data["submissions"]:
        earned = {e["id"]: e["score"] for e in submission["exercises"] if e["score"]}
        assert submission["score"] == 0.0, (submission["submission"], earned)


def test_unchanged_starter_scores_zero_even_when_reformatted():
    exercise = _exercise("starter-zero", SEEDED_X + "w = torch.randn(3, requires_grad=True)\n",
                         "(x * w.detach()).sum().backward()\n",
                         [{"kind": "grad", "tensor": "w", "expect": "none"}, {"kind": "grad", "tensor": "x"}],
                         starter="# detach w, then backward\ny = (x * w).sum()\n")
    with Grader(jobs=2, timeout=30) as grader:
        starter, reformatted, empty, solved = grader.grade([
            Submission(exercise, exercise.starter),
            Submission(exercise, "y = ( x*w ).sum()   # mine\n"),
            Submission(exercise, "pass\n"),
            Submission(exercise, exercise.solution),
        ])
        free = grader.free_checks(exercise)
    assert free == ["empty", None, "empty"]  # the last: the exercise's inputs check (NOTE [inputs unchanged])
    assert starter.score == 0.0 and reformatted.score == 0.0
    assert "starter code, unchanged" in starter.error
    assert empty.score == 0.0
    # the free check passes for the empty code but earns nothing alone
    assert empty.checks[0].passed and empty.checks[0].score == 0.0
    assert "code that does nothing passes it too" in empty.checks[0].message
    assert solved.score == solved.max_score


def test_keeping_the_starters_bug_earns_nothing_even_renamed():
    """Points measure progress from the starter: a check the unchanged starter
    passes pays only beside the others, so keeping the bug (under new names,
    which the parsed-code comparison cannot see) earns nothing."""
    exercise = _exercise("fix-the-gradient", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\n",
                         [{"kind": "value", "expr": "y"}, {"kind": "grad", "tensor": "x"}],
                         starter="y = (x ** 2).sum()\n(x * 3).sum().backward()\n")
    kept_bug = "total = (x ** 2).sum()\ny = total\n(3 * x).sum().backward()\n"
    with Grader(jobs=2, timeout=30) as grader:
        kept, solved, half = grader.grade([Submission(exercise, kept_bug), Submission(exercise, exercise.solution),
                                           Submission(exercise, "y = (x ** 2).sum()\n")])
        free = grader.free_checks(exercise)
    assert free == ["starter", None, "empty"]
    assert kept.checks[0].passed and kept.score == 0.0
    assert "starter code passes it too" in kept.checks[0].message
    assert half.score == 0.0 and solved.score == solved.max_score


def test_hostile_labels_stay_readable():
    # every new kind has a label in reports
    from tutor.grade.kinds import label

    for exercise in (TWO_BACKWARD, VJP, NO_GRAPH, HOOK, UNCHANGED):
        for check in exercise.checks:
            assert re.match(r"^[\w .,:()=\-]+$", label(check)), label(check)


def test_the_graders_own_reads_of_a_non_leaf_grad_print_nothing():
    # keep-the-hidden-gradient, found by probing: torch's warning for a non-leaf's .grad, raised by the
    # observers' and probes' reads, showed under "your code printed" with the grader's paths.
    exercise = _exercise("non-leaf-grad", SEEDED_X, "h = x * 2\nh.retain_grad()\n(h ** 2).sum().backward()\n",
                         [{"kind": "grad", "tensor": "h", "from_backward": True}])
    with Grader(jobs=1, timeout=30) as grader:
        mine, theirs = grader.grade([Submission(exercise, "h = x * 2\n(h ** 2).sum().backward()\nprint('done')\n"),
                                     Submission(exercise, "h = x * 2\n(h ** 2).sum().backward()\nprint(h.grad)\n")])
    assert mine.output == "done\n", mine.output
    assert "UserWarning: The .grad attribute" in theirs.output and "tutor" not in theirs.output, theirs.output
