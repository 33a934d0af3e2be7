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
