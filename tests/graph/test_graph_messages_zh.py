"""Graph mismatch messages follow the interface language: Chinese under
``set_language("zh")`` (code names and op names kept in English), byte-identical
English under "en"."""

import pytest
import torch

from tutor.graph.capture import capture_namespace
from tutor.graph.compare import compare
from tutor.i18n import get_language, set_language

SETUP = "w = torch.randn(3, requires_grad=True)\nx = torch.randn(3)\nb = torch.randn(3, requires_grad=True)\n" \
        "v = torch.randn(3, requires_grad=True)\n"


def run(code):
    torch.manual_seed(0)
    ns = {"torch": torch}
    exec(SETUP + code, ns)
    return capture_namespace(ns)


@pytest.fixture
def language():
    before = get_language()
    yield set_language
    set_language(before)


@pytest.mark.parametrize("reference, learner, en, zh", [
    ("h = w * x\nloss = h.sum()", "h = w * x\nloss = h.exp().sum()",
     "extra op Exp between `h` and `loss`.", "多出了运算 Exp（在 `h` 和 `loss` 之间）。"),
    ("y = v * 2\nloss = y + y", "loss = v * 2 + v * 2",
     "your graph computes `v * 2` twice where the reference computes it once.",
     "你的计算图把 `v * 2` 算了 2 次，而参考答案只算了 1 次。"),
    ("loss = w*x + b", "loss = w + x*b",
     "where the reference computes `(w * x) + b`, your graph computes `w + (x * b)`.",
     "参考答案计算的是 `(w * x) + b`，而你的计算图计算的是 `w + (x * b)`。"),
])
def test_graph_mismatch_in_chinese_and_english(language, reference, learner, en, zh):
    ref, mine = run(reference), run(learner)
    language("zh")
    assert zh in compare(ref, mine, root="loss").differences
    language("en")
    assert en in compare(ref, mine, root="loss").differences


def test_missing_tensor_and_detached_leaf_in_chinese(language):
    ref = run("loss = w*x + b")
    language("zh")
    assert compare(ref, run("other = w * 2"), root="loss").differences == [
        "你的代码里没有名为 `loss` 的张量，所以无法检查它的计算图。"]
    detached = compare(ref, run("loss = w.detach()*x + b"), root="loss").differences
    assert ("`loss` 应当连到 `w`（经过 Mul），但在你的计算图里连不到 `w`：它是不是被 detach 了，"
            "或者是在 `no_grad` 下创建的？") in detached
    language("en")
    assert compare(ref, run("other = w * 2"), root="loss").differences == [
        "your code has no tensor named `loss`, so its graph cannot be checked."]
