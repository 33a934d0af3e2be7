"""Equivalent spellings compare equal; real differences give learner messages."""

import pytest
import torch
import torch.nn.functional as F

from tutor.graph.capture import capture_namespace
from tutor.graph.compare import compare

SETUP = """
w = torch.randn(3, requires_grad=True)
x = torch.randn(3)
b = torch.randn(3, requires_grad=True)
v = torch.randn(3, requires_grad=True)
W = torch.randn(4, 3, requires_grad=True)
bias = torch.randn(4, requires_grad=True)
X = torch.randn(5, 3, requires_grad=True)
"""


def run(code):
    torch.manual_seed(0)
    ns = {"torch": torch, "F": F}
    exec(SETUP + code, ns)
    return capture_namespace(ns)


@pytest.mark.parametrize(
    "reference, learner",
    [
        ("loss = w*x + b", "loss = b + x*w"),
        ("loss = w*x + b", "loss = torch.add(b, torch.mul(x, w))"),
        ("loss = 1 - v", "loss = -v + 1"),
        ("loss = F.linear(X, W, bias)", "loss = X @ W.T + bias"),
        ("loss = F.linear(X, W, bias)", "loss = X @ W.t() + bias"),
        ("loss = F.linear(X, W, bias)", "loss = torch.matmul(X, W.transpose(0, 1)) + bias"),
        ("loss = F.linear(X, W, bias)", "loss = X @ W.permute(1, 0) + bias"),
        ("loss = F.linear(v, W, bias)", "loss = v @ W.T + bias"),
        ("lin = torch.nn.Linear(3, 4)\nloss = lin(v)", "lin = torch.nn.Linear(3, 4)\nloss = F.linear(v, lin.weight, lin.bias)"),
        ("loss = torch.maximum(w, v)", "loss = torch.maximum(v, w)"),
        ("loss = w*x + b", "loss = torch.addcmul(b, w, x)"),  # found by probing the verdicts: linear-gradients
        ("loss = w*v + b", "loss = torch.addcmul(b, v, w, value=1)"),
        ("loss = w/v + b", "loss = torch.addcdiv(b, w, v)"),
        ("loss = 1 + w*x", "loss = torch.ones(3).addcmul(w, x)"),
        ("loss = (w*x).sum()", "loss = (w*x).sum().sum()"),  # a sum of a number: nothing (linear-gradients)
        ("loss = (w*x).sum()", "loss = (w*x).sum().mean()"),
    ],
)
def test_equivalent_spellings_compare_equal(reference, learner):
    ref, mine = run(reference), run(learner)
    result = compare(ref, mine, root="loss")
    assert result.equal, result.differences
    assert result.tiers == {"leaves": True, "ops": True, "structure": True}
    assert ref.canonical_hash("loss") == mine.canonical_hash("loss")


@pytest.mark.parametrize(
    "reference, learner, tiers, message",
    [
        (
            "loss = w*x + b",
            "loss = w.detach()*x + b",
            (False, False, False),
            "`loss` should reach `w` through Mul, but in your graph `w` is not reached: "
            "was it detached or created under `no_grad`?",
        ),
        ("h = w * x\nloss = h.sum()", "h = w * x\nloss = h.exp().sum()", (True, False, False), "extra op Exp between `h` and `loss`."),
        ("y = v * 2\nloss = y + y", "loss = v * 2 + v * 2", (True, False, False),
         "your graph computes `v * 2` twice where the reference computes it once."),
        ("loss = w*x + b", "loss = w + x*b", (True, True, False),
         "where the reference computes `(w * x) + b`, your graph computes `w + (x * b)`."),
        ("loss = v ** 2", "loss = v ** v", (True, True, False),
         "where the reference computes `v ** 2`, your graph computes `v ** v`."),
        ("loss = v ** 2", "loss = 2 ** v", (True, True, False),
         "where the reference computes `v ** 2`, your graph computes `2 ** v`."),
        ("loss = w*x + b", "loss = w*x + b + v", (False, False, False),
         "`loss` reaches `v` in your graph, but the reference does not use it."),
        ("h = torch.sigmoid(w)\nloss = h.sum()", "h = w * 1\nloss = h.sum()", (True, False, False),
         "missing op Sigmoid between `w` and `loss`."),
    ],
)
def test_differences_are_explained(reference, learner, tiers, message):
    result = compare(run(reference), run(learner), root="loss")
    assert not result.equal
    assert (result.tiers["leaves"], result.tiers["ops"], result.tiers["structure"]) == tiers
    if message is not None:
        assert message in result.differences, result.differences
    assert result.differences


def test_lower_tier_can_pass():
    result = compare(run("loss = w*x + b"), run("loss = w + x*b"), root="loss", tier="ops")
    assert result.equal and not result.tiers["structure"]


def test_missing_root_and_no_grad_root():
    ref = run("loss = w*x + b")
    assert compare(ref, run("other = w * 2"), root="loss").differences == [
        "your code has no tensor named `loss`, so its graph cannot be checked."
    ]
    result = compare(ref, run("with torch.no_grad():\n    loss = w*x + b"), root="loss")
    assert not result.equal and "no_grad" in result.differences[0]


def test_views_collapse_optionally():
    ref, mine = run("loss = (w * 2).sum()"), run("loss = (w.view(3, 1) * 2).sum()")
    assert compare(ref, mine, root="loss").equal
    assert not compare(ref, mine, root="loss", collapse_views=False).equal


@pytest.mark.parametrize("reference, learner", [
    ("loss = w*x + b", "loss = torch.addcmul(b, w, x, value=2)"),  # 2*w*x + b: another computation
    ("loss = v/w + b", "loss = torch.addcdiv(b, w, v)"),  # w / v: the operands' places count
    ("loss = w*x", "loss = (w*x).sum()"),  # a sum of a vector is an op
])
def test_fused_adds_that_compute_something_else_differ(reference, learner):
    assert run(reference).canonical_hash("loss") != run(learner).canonical_hash("loss")
