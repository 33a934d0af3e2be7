"""Issue 11: algebraic spellings of one computation compare equal; different
computations still differ; neutral ops; leaves bound to two names."""

import pytest
import torch
import torch.nn.functional as F

from tutor.graph.capture import capture_namespace
from tutor.graph.compare import compare
from tutor.graph.names import exercise_names
from tutor.graph.normalize import ALGEBRA, neutral_set, normalize

SETUP = """
x = torch.randn(3, requires_grad=True)
v = torch.randn(3, requires_grad=True)
W = torch.randn(4, 3, requires_grad=True)
"""


def run(code, prefer=None):
    torch.manual_seed(0)
    ns = {"torch": torch, "F": F}
    exec(SETUP + code, ns)
    return capture_namespace(ns, prefer=prefer)


SQUARE_SUM = [
    "x * x",
    "x.dot(x)",
    "sum(x ** 2)",
    "torch.sum(x**2)",
    "(x**2).sum()",
    "x.pow(2).sum()",
    "x.pow(2.0).sum()",
    "torch.square(x).sum()",
    "x @ x",
    "torch.matmul(x, x)",
    "torch.dot(x, x)",
    "torch.vdot(x, x)",
    "torch.inner(x, x)",
    "sum(x * x)",
    "sum(xi ** 2 for xi in x)",
    "sum(xi * xi for xi in x)",
    "sum(x[i] ** 2 for i in range(3))",
    "torch.stack([xi ** 2 for xi in x]).sum()",
]


@pytest.mark.parametrize("spelling", [s for s in SQUARE_SUM if s != "x * x"])
def test_square_sum_spellings_equal_reference(spelling):
    ref, mine = run("loss = (x ** 2).sum()"), run(f"loss = {spelling}")
    result = compare(ref, mine, root="loss")
    assert result.equal, result.differences
    assert result.tiers == {"leaves": True, "ops": True, "structure": True}
    assert ref.canonical_hash("loss") == mine.canonical_hash("loss")


def test_square_without_sum():
    assert compare(run("loss = x ** 2"), run("loss = x * x"), root="loss").equal
    assert compare(run("loss = x ** 2"), run("loss = torch.square(x)"), root="loss").equal


@pytest.mark.parametrize(
    "learner, message",
    [
        ("(x ** 3).sum()", "where the reference computes `x ** 2`, your graph computes `x ** 3`."),
        ("x.sum() ** 2", "your graph computes `sum(x) ** 2`"),
        ("sum(x) ** 2", "your graph computes `sum(x) ** 2`"),
        ("(x ** 2).mean()", "extra op Mean"),
        ("(x ** 2)[:2].sum()", "extra op Slice"),
        ("sum(x[i] ** 2 for i in range(2))", None),  # misses an element
        ("x[0] ** 2 + x[1] ** 2 + x[1] ** 2", None),  # one element twice
        ("(x * v).sum()", "reaches `v`"),
        ("x.dot(v)", "reaches `v`"),
        ("sum(x ** 2) + x.sum()", None),
        ("x.exp().sum()", None),
    ],
)
def test_different_computations_still_differ(learner, message):
    result = compare(run("loss = (x ** 2).sum()"), run(f"loss = {learner}"), root="loss")
    assert not result.equal
    assert not result.tiers["structure"]
    if message is not None:
        assert any(message in d for d in result.differences), result.differences


def test_mul_of_two_different_elements_is_not_a_square():
    # a * b where a, b are two outputs of one unbind: same node, other outputs.
    ref = run("a, b, c = x.unbind()\nloss = a * a")
    mine = run("a, b, c = x.unbind()\nloss = a * b")
    assert not compare(ref, mine, root="loss").equal


@pytest.mark.parametrize(
    "learner",
    ["v @ W.T", "v @ W.t()", "torch.mv(W, v)", "F.linear(v, W)", "(W @ v.unsqueeze(1)).squeeze(1)", "torch.matmul(W, v)"],
)
def test_matrix_vector_spellings(learner):
    result = compare(run("loss = W @ v"), run(f"loss = {learner}"), root="loss")
    assert result.equal, result.differences


def test_matrix_vector_differences_remain():
    assert not compare(run("loss = W @ v"), run("loss = (W * v).sum(1)"), root="loss").equal
    assert not compare(run("loss = v @ W.T"), run("loss = W.T.T @ v"), root="loss").equal


@pytest.mark.parametrize("learner", ["-(v - x)", "x + (-v)", "-v + x", "x + v * -1", "x.sub(v)"])
def test_sub_spellings(learner):
    assert compare(run("loss = x - v"), run(f"loss = {learner}"), root="loss").equal


def test_sub_differences_remain():
    assert not compare(run("loss = x - v"), run("loss = v - x"), root="loss").equal
    assert not compare(run("loss = x - v"), run("loss = x + v"), root="loss").equal
    assert compare(run("loss = x + v"), run("loss = x - (-v)"), root="loss").equal


def test_reuse_still_differs_from_recomputation():
    result = compare(run("y = x * x\nloss = y + y"), run("loss = x * x + x * x"), root="loss")
    assert not result.equal


def test_algebra_table_is_documented():
    doc = open("docs/graph.md", encoding="utf-8").read()
    assert "Algebraic spellings" in doc
    assert len(ALGEBRA) >= 8


def test_algebra_can_be_switched_off():
    plain = normalize(run("loss = x * x"), "loss", algebra=False)
    assert "Mul" in {n.label for n in plain.nodes.values()}


# ----- neutral ops ----------------------------------------------------------------


def test_neutral_ops_are_spliced_out():
    ref, mine = run("loss = (x * 2).sum()"), run("loss = (x.clone() * 2).sum()")
    assert not compare(ref, mine, root="loss").equal
    assert compare(ref, mine, root="loss", neutral=["Clone"]).equal
    assert compare(ref, mine, root="loss", neutral=["CloneBackward0"]).equal
    assert ref.canonical_hash("loss") == mine.canonical_hash("loss", neutral=["Clone"])


def test_neutral_views_without_collapse():
    ref, mine = run("loss = (x * 2).sum()"), run("loss = (x.view(3, 1).expand(3, 2) * 2).sum()")
    assert not compare(ref, mine, root="loss", collapse_views=False).equal
    assert compare(ref, mine, root="loss", collapse_views=False, neutral=["View", "ExpandBackward0"]).equal


def test_neutral_names():
    assert neutral_set(["CloneBackward0", "Clone", "ExpandBackward", " View "]) == {"Clone", "Expand", "View"}
    assert neutral_set(None) == frozenset()


def test_neutral_does_not_hide_real_differences():
    ref, mine = run("loss = (x * 2).sum()"), run("loss = (x.clone().exp() * 2).sum()")
    assert not compare(ref, mine, root="loss", neutral=["Clone"]).equal


# ----- a leaf bound to two names ----------------------------------------------------


TWO_NAMES = [
    "leaf = torch.ones(3, requires_grad=True)\nx = leaf\nloss = (x * 2).sum()",
    "leaf = torch.ones(3, requires_grad=True)\nx = leaf\nloss = (leaf * 2).sum()",
    "weights = torch.ones(3, requires_grad=True)\nx = weights\nloss = (weights * 2).sum()",
]


@pytest.mark.parametrize("learner", TWO_NAMES)
def test_leaf_with_two_names_matches_by_any(learner):
    ref = run("x = torch.ones(3, requires_grad=True)\nloss = (x * 2).sum()")
    result = compare(ref, run(learner), root="loss")
    assert result.equal, result.differences
    assert compare(ref, run(learner), root="loss", tier="leaves").equal


def test_reference_with_two_names_matches_learner_with_one():
    ref = run(TWO_NAMES[0])
    assert compare(ref, run("x = torch.ones(3, requires_grad=True)\nloss = (x * 2).sum()"), root="loss").equal


def test_capture_prefers_exercise_names():
    ns = {"torch": torch}
    exec("leaf = torch.ones(3, requires_grad=True)\nx = leaf\nloss = (x * 2).sum()", ns)
    assert capture_namespace(ns).find("x").names == ["leaf", "x"]  # namespace order by default
    assert capture_namespace(ns, prefer=["loss", "x"]).find("x").names == ["x", "leaf"]
    assert capture_namespace(ns, prefer="x").find("x").names == ["leaf", "x"]  # a bare string is no list


def test_a_wrong_leaf_is_still_reported():
    ref = run("x = torch.ones(3, requires_grad=True)\nloss = (x * 2).sum()")
    result = compare(ref, run("loss = (v * 2).sum()"), root="loss")
    assert not result.tiers["leaves"]


def test_exercise_names_order():
    class Check:
        root, tensor, expr = "loss", None, None

    class Exercise:
        checks = [Check()]
        setup = "x = torch.ones(3, requires_grad=True)"
        solution = "leaf = x\nloss = (leaf * 2).sum()"

    names = exercise_names(Exercise())
    assert names[0] == "loss" and names.index("x") < names.index("leaf")
