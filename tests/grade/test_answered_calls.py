"""A reverse pass that a ``__torch_function__`` answered itself is no pass
of autograd's (NOTE [a call answered by __torch_function__],
observe_answered.py); one it hands on to torch, and whose results it
returns as they are, is.

Real torch, real isolated runs: everything below is graded in one call."""

from __future__ import annotations

import pytest

from support import explain, grade_named, make_exercise

SETUP = "torch.manual_seed(seed)\nw = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\nloss = (w * x).sin().sum()\n"
GRAD = make_exercise(
    "grad-of-loss", SETUP, "(g,) = torch.autograd.grad(loss, w)\n",
    [{"kind": "value", "expr": "g", "from_autograd": True, "backward_from": "loss"}])
BACKWARD = make_exercise(
    "backward-of-loss", SETUP, "loss.backward()\n", [{"kind": "grad", "tensor": "w", "backward_from": "loss"}])

MODE = ("from torch.overrides import TorchFunctionMode\n\nclass Mode(TorchFunctionMode):\n"
        "    def __torch_function__(self, func, types, args=(), kwargs=None):\n{body}\n\n")
HAND = "(x * (w * x).cos()).detach()"
LOGGING = MODE.format(body="        seen.append(func)\n        return func(*args, **(kwargs or {}))") + "seen = []\n"
SUBCLASS = ("class Logged(torch.Tensor):\n    @classmethod\n"
            "    def __torch_function__(cls, func, types, args=(), kwargs=None):\n"
            "        seen.append(func)\n        return super().__torch_function__(func, types, args, kwargs)\n\n"
            "seen = []\n")

# A batched seed is none of ones (NOTE [the pass that started at the loss]): asked without a root
BATCHED_GRAD = make_exercise(
    "batched-grad-of-loss", SETUP, "(g,) = torch.autograd.grad(loss, w)\n",
    [{"kind": "value", "expr": "g", "from_autograd": True}])
BATCHED = "(g,) = torch.autograd.grad(loss, w, torch.ones(1), is_grads_batched=True)\n"
# is_grads_batched: torch runs the engine inside its own vmap (NOTE [a batched pass handed over]); a mode
# that hands the call on changes nothing (the grader's copy of a batched result raised in the code before)
HANDED_ON = {
    "batched_grad_under_a_logging_mode": LOGGING + f"with Mode():\n    {BATCHED}g = g[0]\n",
    "batched_grad_under_torch_device": f"with torch.device('cpu'):\n    {BATCHED}g = g[0]\n",
}

CASES = {
    # handed on to torch, and its results returned as they are
    "grad_under_a_logging_mode": (True, GRAD, LOGGING + "with Mode():\n    (g,) = torch.autograd.grad(loss, w)\n"),
    "backward_under_a_logging_mode": (True, BACKWARD, LOGGING + "with Mode():\n    loss.backward()\n"),
    "grad_of_a_logging_subclass": (True, GRAD, SUBCLASS + "(g,) = torch.autograd.grad(loss.as_subclass(Logged), w)\n"
                                                          "with torch._C.DisableTorchFunctionSubclass():\n"
                                                          "    g = g.as_subclass(torch.Tensor)\n"),
    # torch's vmap called by the mode (NOTE [a batched pass handed over]), its function running the engine
    # from the roots and returning numbers by hand
    "batched_grad_answered_through_vmap": (
        False, GRAD, MODE.format(body="        if getattr(func, '__name__', '') == 'grad':\n"
                                      "            def rows(seed):\n"
                                      "                torch.autograd.grad(loss, w, seed, retain_graph=True)\n"
                                      f"                return ({HAND}.expand(1, 3)[0] * 1.0,)\n"
                                      "            return torch._vmap_internals._vmap(rows, 0, 0)(torch.ones(1))\n"
                                      "        return func(*args, **(kwargs or {}))")
        + f"with Mode():\n    {BATCHED}g = g[0]\n"),
    # answered with numbers by hand: the engine never ran
    "grad_answered_by_a_mode": (
        False, GRAD, MODE.format(body=f"        if getattr(func, '__name__', '') == 'grad':\n            return ({HAND},)\n"
                                      "        return func(*args, **(kwargs or {}))")
        + "with Mode():\n    (g,) = torch.autograd.grad(loss, w)\n"),
    # the real call made, and other numbers returned in its place
    "grad_run_then_replaced_by_a_mode": (
        False, GRAD, MODE.format(body="        out = func(*args, **(kwargs or {}))\n"
                                      f"        return ({HAND},) if getattr(func, '__name__', '') == 'grad' else out")
        + "with Mode():\n    (g,) = torch.autograd.grad(loss, w)\n"),
    # the real call made, and other numbers (within the check's tolerance) written into its results through .data
    "grad_run_then_written_over_by_a_mode": (
        False, GRAD, MODE.format(body="        out = func(*args, **(kwargs or {}))\n"
                                      "        if getattr(func, '__name__', '') == 'grad':\n"
                                      f"            out[0].data.copy_({HAND} * (1 + 1e-6))\n"
                                      "        return out")
        + "with Mode():\n    (g,) = torch.autograd.grad(loss, w)\n"),
    "backward_answered_by_a_mode": (
        False, BACKWARD, MODE.format(body="        if getattr(func, '__name__', '') == 'backward':\n"
                                          f"            w.grad = {HAND}\n            return None\n"
                                          "        return func(*args, **(kwargs or {}))")
        + "with Mode():\n    loss.backward()\n"),
}


@pytest.fixture(scope="module")
def results():
    return grade_named({**{name: (exercise, code) for name, (_, exercise, code) in CASES.items()},
                        "batched_grad": (BATCHED_GRAD, f"{BATCHED}g = g[0]\n"),
                        **{name: (BATCHED_GRAD, code) for name, code in HANDED_ON.items()}})


@pytest.mark.parametrize("name", list(HANDED_ON))
def test_a_batched_call_handed_on_gets_the_calls_own_verdict(results, name):
    alone, handed_on = results["batched_grad"], results[name]
    assert alone.status == "passed", explain(alone)
    assert not handed_on.error, explain(handed_on)
    assert [(c.passed, c.message) for c in handed_on.checks] == [(c.passed, c.message) for c in alone.checks], (
        explain(alone), explain(handed_on))


@pytest.mark.parametrize("name", list(CASES))
def test_a_pass_torch_ran_is_autograds(results, name):
    passes, _, _ = CASES[name]
    result = results[name]
    assert (result.status == "passed" and result.score == result.max_score) is passes, explain(result)
