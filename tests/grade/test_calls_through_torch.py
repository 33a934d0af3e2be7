"""Round 27's rules, held to honest code: a call passed on by one of torch's
helpers is the code's own (NOTE [a call through torch's own helpers],
observe_state.py), one made by a torch module that computes something of
its own is not; a torch mode class used as torch made it is no dispatch of
the code's (NOTE [a dispatch of the code's own]); a gradient taken inside a
checkpointed function with early stop off still passes (NOTE [a recompute
that differs]). The attacks these rules close are corpus files
(tests/corpus/*/bad_*: tree_map, enable_grad as a decorator,
TorchDispatchMode given a method, torch.library.impl, 64 classes first,
torch's ignore_saved_mismatch).

Real torch, real isolated runs: everything below is graded in one call."""

from __future__ import annotations

import pytest

from support import explain, grade_named, make_exercise

SEEDED_X = "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n"
TWO_TRIALS = [{"seed": 0}, {"seed": 1, "hidden": True}]

ONE_GRAD = make_exercise(
    "one-grad", SEEDED_X, "(g,) = torch.autograd.grad((x.sin() * x).sum(), x)\n",
    [{"kind": "value", "expr": "g"}, {"kind": "calls", "api": "autograd.grad", "count": 1}], TWO_TRIALS)
FROM_LOSS = make_exercise(
    "from-loss", SEEDED_X, "loss = (x.sin() * x).sum()\nloss.backward()\n",
    [{"kind": "grad", "tensor": "x", "backward_from": "loss"}], TWO_TRIALS)
GRAD = make_exercise("grad", SEEDED_X, "loss = (x.sin() * x * x).sum()\nloss.backward()\n",
                     [{"kind": "value", "expr": "loss"}, {"kind": "grad", "tensor": "x"}], TWO_TRIALS)
MODULE_HOOK = make_exercise(
    "module-hook", "torch.manual_seed(seed)\nmodel = nn.Linear(3, 2)\nx = torch.randn(4, 3)\n",
    "seen = []\nmodel.register_full_backward_hook(lambda m, gi, go: seen.append(1))\nmodel(x).sum().backward()\n",
    [{"kind": "value", "expr": "len(seen)"}, {"kind": "hooks", "on": "node", "max": 0},
     {"kind": "hooks", "on": "tensor", "max": 0}, {"kind": "hooks", "on": "module", "count": 1}])

PASSING = {
    # passed on by torch's helpers: the code's one call, counted
    "grad_through_enable_grad_decorator": (
        ONE_GRAD, "grad = torch.enable_grad()(torch.autograd.grad)\n(g,) = grad((x.sin() * x).sum(), x)\n"),
    "grad_through_tree_map": (
        ONE_GRAD, "from functools import partial\nfrom torch.utils._pytree import tree_map\n"
                  "[(g,)] = tree_map(partial(torch.autograd.grad, inputs=x), [(x.sin() * x).sum()])\n"),
    # gradcheck's own calls to autograd.grad are gradcheck's
    "gradcheck_beside_the_one_call": (
        ONE_GRAD, "assert torch.autograd.gradcheck(lambda t: t.sin() * t, (x.detach().double().requires_grad_(),))\n"
                  "(g,) = torch.autograd.grad((x.sin() * x).sum(), x)\n"),
    # torch's own node hooks for a module's full backward hook, registered as the module runs, are torch's
    "module_full_backward_hook": (MODULE_HOOK, MODULE_HOOK.solution),
    # a mode torch defines, used as torch made it, counting what the pass ran
    "flop_counter_mode_around_the_pass": (
        FROM_LOSS, "from torch.utils.flop_counter import FlopCounterMode\nloss = (x.sin() * x).sum()\n"
                   "with FlopCounterMode(display=False) as counter:\n    loss.backward()\n"
                   "flops = counter.get_total_flops()\n"),
    # a Tensor subclass of the code's with no dispatch of its own
    "plain_tensor_subclass": (
        FROM_LOSS, "class Named(torch.Tensor):\n    pass\n"
                   "loss = (x.sin() * x).sum()\nloss.backward()\n"),
    # the inner pass's recompute saves past the forward so far: torch sets ignore_saved_mismatch; the
    # recompute is still compared, and matches
    # (backward_from would fail it: the recompute's inner pass starts at another root)
    "gradient_inside_a_checkpoint_with_early_stop_off": (
        GRAD, "import torch.utils.checkpoint as cp\n\ndef f(t):\n    y = t.sin() * t\n"
                   "    (inner,) = torch.autograd.grad(y.sum(), t, retain_graph=True)\n    return (y * t).sum()\n\n"
                   "with cp.set_checkpoint_early_stop(False):\n"
                   "    loss = cp.checkpoint(f, x, use_reentrant=False)\nloss.backward()\n"),
}


@pytest.fixture(scope="module")
def results():
    return grade_named(PASSING)


@pytest.mark.parametrize("name", list(PASSING))
def test_honest_code_passes(results, name):
    result = results[name]
    assert result.status == "passed", explain(result)
    assert result.score == result.max_score
