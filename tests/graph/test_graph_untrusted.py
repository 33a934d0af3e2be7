"""Issue 10/11: snapshots sent back by untrusted runs. Validation raises a
clear ValueError; normalization, comparison, hashing and rendering are safe
on cycles, dangling references, wrong types and huge inputs: a verdict or a
ValueError, in bounded time, never a RecursionError or a hang."""

import copy
import json
import math
import sys

import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.graph.capture import capture_namespace
from tutor.graph.compare import compare
from tutor.graph.model import MAX_FAN_IN, MAX_NODES, GraphEdge, GraphNode, GraphSnapshot
from tutor.graph.normalize import normalize
from tutor.graph.render import render_dot, render_text


def real_snapshot():
    torch.manual_seed(0)
    w = torch.randn(3, requires_grad=True)
    x = torch.randn(3)
    h = torch.sigmoid(w * x)
    loss = (h ** 2).sum()
    loss.backward(retain_graph=True)
    return capture_namespace({"w": w, "x": x, "h": h, "loss": loss})


REAL = real_snapshot()
REAL_DICT = REAL.to_dict()


def exercise(snapshot: GraphSnapshot) -> None:
    """Everything a reader does with a snapshot."""
    snapshot.canonical_hash()
    snapshot.content_hash()
    render_text(snapshot)
    render_text(snapshot, color=True)
    render_dot(snapshot)
    for name in list(snapshot.roots)[:3]:
        compare(REAL, snapshot, root="loss", tier="structure")
        compare(REAL, snapshot, root="loss", tier="ops", neutral=["Clone", "View"])
        normalize(snapshot, name)
        snapshot.canonical_hash(name)


def test_real_snapshot_round_trips():
    back = GraphSnapshot.from_untrusted(json.loads(json.dumps(REAL_DICT)))
    assert back.to_dict() == REAL_DICT
    assert GraphSnapshot.from_json(REAL.to_json()).to_dict() == REAL_DICT
    exercise(back)


def node_dict(i, **extra):
    d = {"id": i, "raw_op": "MulBackward0", "op": "Mul", "kind": "op"}
    d.update(extra)
    return d


def snap_dict(nodes, edges, roots=None):
    return {"format": 1, "nodes": nodes, "edges": edges, "roots": roots if roots is not None else {"loss": 0}}


@pytest.mark.parametrize(
    "data, words",
    [
        ([], "must be a mapping"),
        ({"nodes": "x"}, "nodes must be a list"),
        ({"format": 2}, "format must be 1"),
        (snap_dict([node_dict(0)], [[0, 0, 0, 0]]), "node 0 is its own input"),
        (snap_dict([node_dict(0), node_dict(1)], [[0, 1, 0, 0], [1, 0, 0, 0]]), "cycle"),
        (snap_dict([node_dict(0), node_dict(1), node_dict(2)], [[0, 1, 0, 0], [1, 2, 0, 0], [2, 1, 0, 0]]),
         "cycle through node 1"),
        (snap_dict([node_dict(0)], [[0, 7, 0, 0]]), "refers to node 7"),
        (snap_dict([node_dict(0)], [], {"loss": 3}), "refers to node 3"),
        (snap_dict([node_dict(0), node_dict(0)], []), "two nodes have the id 0"),
        (snap_dict([node_dict(-1)], [], {}), "id must be a whole number"),
        (snap_dict([node_dict(True)], [], {}), "id must be a whole number"),
        (snap_dict([node_dict(0, kind="evil")], []), "kind must be one of"),
        (snap_dict([node_dict(0, shape="3")], []), "shape"),
        (snap_dict([node_dict(0, shape=[1.5])], []), "shape"),
        (snap_dict([node_dict(0, shape=[True])], []), "shape"),
        (snap_dict([node_dict(0, names="x")], []), "names"),
        (snap_dict([node_dict(0, names=["\x1b[2J"])], []), "control character"),
        (snap_dict([node_dict(0, requires_grad="yes")], []), "requires_grad"),
        (snap_dict([node_dict(0, retains_grad=1)], []), "retains_grad"),
        (snap_dict([node_dict(0, hooks=-1)], []), "hooks"),
        (snap_dict([node_dict(0, order="1")], []), "order"),
        (snap_dict([node_dict(0, saved=[{"attr": "self", "state": "gone"}])], []), "state must be one of"),
        (snap_dict([node_dict(0, saved={"attr": "self"})], []), "saved"),
        (snap_dict([node_dict(0, attrs=[1])], []), "attrs"),
        (snap_dict([node_dict(0, attrs={"a": {"b": 1}})], []), "attrs"),
        (snap_dict([node_dict(0, attrs={"a": [[[1]]]})], []), "attrs"),
        (snap_dict([node_dict(0, value="1")], []), "value"),
        (snap_dict([node_dict(0, value=math.nan)], []), "finite"),
        (snap_dict([node_dict(0, num_outputs=None)], []), "num_outputs"),
        (snap_dict([node_dict(0, raw_op=None)], []), "raw_op"),
        (snap_dict([node_dict(0, op="x" * 5000)], []), "op"),
        (snap_dict([node_dict(0)], [[0]]), "edge 0 must be a list"),
        (snap_dict([node_dict(0)], [[0, "0"]]), "edge 0: child"),
        (snap_dict([node_dict(0)], [], {"loss": "0"}), "root"),
        ({**snap_dict([node_dict(0)], []), "truncated": "no"}, "truncated"),
        ({**snap_dict([node_dict(0)], []), "total_nodes": -5}, "total_nodes"),
        ({**snap_dict([node_dict(0)], []), "torch_version": 2.1}, "torch_version"),
    ],
)
def test_bad_snapshots_raise_clear_value_errors(data, words):
    with pytest.raises(ValueError, match="graph snapshot") as info:
        GraphSnapshot.from_untrusted(data)
    assert words in str(info.value)
    with pytest.raises(ValueError):
        GraphSnapshot.from_dict(data)
    assert len(str(info.value)) < 300


def test_size_caps():
    nodes = [node_dict(i) for i in range(MAX_NODES + 1)]
    with pytest.raises(ValueError, match="more than the limit"):
        GraphSnapshot.from_untrusted(snap_dict(nodes, []))
    fan = [node_dict(0)] + [{"id": 1, "raw_op": "AccumulateGrad", "op": "Leaf", "kind": "leaf"}]
    edges = [[0, 1, i, 0] for i in range(MAX_FAN_IN + 1)]
    with pytest.raises(ValueError, match="more than 10000 inputs"):
        GraphSnapshot.from_untrusted(snap_dict(fan, edges))
    with pytest.raises(ValueError):
        GraphSnapshot.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError):
        GraphSnapshot.from_json("not json")


def chain(n, fan=1):
    """A chain of n Mul nodes over one leaf: what a deep graph sends."""
    nodes = [node_dict(i, names=["loss"] if i == 0 else []) for i in range(n)]
    nodes.append({"id": n, "raw_op": "AccumulateGrad", "op": "Leaf", "kind": "leaf", "names": ["w"], "shape": [3]})
    edges = [[i, i + 1, k, 0] for i in range(n) for k in range(fan)]
    return snap_dict(nodes, edges)


def test_deep_and_wide_graphs_do_not_recurse():
    # A recursion limit far below the graphs' depth: any recursive reader
    # fails here. (How their cost grows is bench/bench_graph.py's to measure,
    # never a test's: machines are shared.)
    big = GraphSnapshot.from_untrusted(chain(MAX_NODES - 1))
    wide = GraphSnapshot.from_untrusted(chain(2000, fan=5))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(400)
    try:
        exercise(big)
        exercise(wide)
        result = compare(big, wide, root="loss")
        same = compare(big, big, root="loss").equal
    finally:
        sys.setrecursionlimit(limit)
    assert not result.equal and len(result.differences) <= 6
    assert same


def test_hand_made_snapshots_with_cycles_and_dangling_edges():
    """A GraphSnapshot built in code skips validation: readers still cope."""
    nodes = [GraphNode(0, "MulBackward0", "Mul", "op", names=["loss"]), GraphNode(1, "ViewBackward0", "View", "op"),
             GraphNode(2, "ExpBackward0", "Exp", "op")]
    cyclic = GraphSnapshot(nodes=nodes, edges=[GraphEdge(0, 1), GraphEdge(1, 2), GraphEdge(2, 1), GraphEdge(0, 9)],
                           roots={"loss": 0, "ghost": 42})
    render_text(cyclic)
    render_dot(cyclic)
    with pytest.raises(ValueError):
        normalize(cyclic, "loss")
    with pytest.raises(ValueError):
        compare(REAL, cyclic, root="loss")
    self_loop = GraphSnapshot(nodes=[GraphNode(0, "ViewBackward0", "View", "op", names=["loss"])],
                              edges=[GraphEdge(0, 0)], roots={"loss": 0})
    render_text(self_loop)
    with pytest.raises(ValueError):
        self_loop.canonical_hash("loss")
    dangling = GraphSnapshot(nodes=[GraphNode(0, "MulBackward0", "Mul", "op", names=["loss"])],
                             edges=[GraphEdge(0, 5), GraphEdge(0, 6, 1)], roots={"loss": 0})
    exercise(dangling)


# ----- hypothesis: garbage in, a verdict or a ValueError out ---------------------------

json_scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
ids = st.integers(-2, 12)
kinds = st.sampled_from(["op", "leaf", "custom", "const", "bogus"])
ops = st.sampled_from(["Mul", "Add", "Sum", "Pow", "View", "Unbind", "Select", "Stack", "MatMul", "Transpose", "Neg",
                       "Sub", "Dot", "Clone", "Leaf", "Const"])
raw_ops = st.sampled_from(["MulBackward0", "AddBackward0", "SumBackward0", "PowBackward0", "PowBackward2",
                           "ViewBackward0", "UnbindBackward0", "SelectBackward0", "StackBackward0", "DotBackward0",
                           "MmBackward0", "PermuteBackward0", "NegBackward0", "RsubBackward1", "AddmmBackward0",
                           "AccumulateGrad", "Constant", "CloneBackward0"])
node_strategy = st.fixed_dictionaries(
    {"id": ids, "raw_op": raw_ops, "op": ops, "kind": kinds},
    optional={
        "names": st.lists(st.sampled_from(["loss", "x", "w", "h"]), max_size=2) | json_values,
        "shape": st.lists(st.integers(0, 4), max_size=3) | json_values,
        "num_outputs": st.integers(0, 4) | json_values,
        "attrs": st.fixed_dictionaries({}, optional={
            "exponent": st.sampled_from([2, 2.0, 3, -1]), "dim": st.integers(-2, 2) | json_values,
            "index": st.integers(-3, 2**64 - 1) | json_values, "self_sym_sizes": st.lists(st.integers(0, 4), max_size=2),
            "self": st.integers(0, 3)}) | json_values,
        "value": json_values,
        "saved": st.lists(st.fixed_dictionaries({"attr": st.text(max_size=3),
                                                 "state": st.sampled_from(["available", "freed", "x"])}), max_size=2)
        | json_values,
        "requires_grad": json_values,
    },
)
edge_strategy = st.lists(ids, min_size=2, max_size=4) | json_values
snapshot_strategy = st.fixed_dictionaries(
    {"nodes": st.lists(node_strategy, max_size=12), "edges": st.lists(edge_strategy, max_size=24)},
    optional={"roots": st.dictionaries(st.sampled_from(["loss", "x", "h"]), ids | json_values, max_size=3) | json_values,
              "format": st.just(1) | json_values, "truncated": json_values},
)


def check_garbage(data):
    # (A reader that blows up on garbage hangs: the suite's timeout catches it.
    # No wall-clock bound here: machines are shared.)
    try:
        snapshot = GraphSnapshot.from_untrusted(copy.deepcopy(data))
    except ValueError as exc:
        assert str(exc).startswith("graph snapshot")
        return
    try:
        exercise(snapshot)
        if snapshot.find("loss") is not None:
            compare(snapshot, REAL, root="loss")
            compare(snapshot, snapshot, root="loss")
    except ValueError:
        pass  # e.g. "the reference graph has no tensor named": a clear refusal


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(snapshot_strategy)
def test_structured_garbage(data):
    check_garbage(data)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(json_values)
def test_arbitrary_json(data):
    check_garbage(data)


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_mutated_real_snapshots(data):
    """A real snapshot with one field replaced by garbage."""
    d = copy.deepcopy(REAL_DICT)
    node = data.draw(st.sampled_from(d["nodes"]))
    key = data.draw(st.sampled_from(sorted(set(node) | {"names", "shape", "saved", "attrs", "value", "order"})))
    node[key] = data.draw(json_values)
    check_garbage(d)


@st.composite
def plausible_snapshots(draw, acyclic: bool):
    """Well-typed snapshots with arbitrary wiring: exercises the passes
    themselves (aliases, algebra, splicing) on shapes torch never makes."""
    n = draw(st.integers(1, 14))
    nodes = []
    for i in range(n):
        raw = draw(raw_ops)
        kind = draw(st.sampled_from(["op", "op", "op", "leaf", "custom", "const"]))
        node = {"id": i, "raw_op": raw, "op": draw(ops), "kind": kind,
                "names": ["loss"] if i == 0 else draw(st.lists(st.sampled_from(["x", "w", "h"]), max_size=2)),
                "shape": draw(st.none() | st.lists(st.integers(0, 4), max_size=2)),
                "num_outputs": draw(st.integers(1, 4))}
        node["attrs"] = draw(st.fixed_dictionaries({}, optional={
            "exponent": st.sampled_from([2, 2.0, 3]), "dim": st.integers(-2, 2), "index": st.integers(-3, 3),
            "self_sym_sizes": st.lists(st.integers(0, 4), max_size=2)}))
        nodes.append(node)
    edges = []
    for _ in range(draw(st.integers(0, 3 * n))):
        a, b = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        if acyclic and a >= b:
            continue
        edges.append([a, b, draw(st.integers(0, 3)), draw(st.integers(0, 3))])
    return {"format": 1, "nodes": nodes, "edges": edges, "roots": {"loss": 0}}


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(plausible_snapshots(acyclic=True))
def test_plausible_acyclic_snapshots_get_a_verdict(data):
    snapshot = GraphSnapshot.from_untrusted(data)
    exercise(snapshot)
    result = compare(snapshot, snapshot, root="loss")
    assert result.equal, result.differences  # a graph equals itself
    assert snapshot.canonical_hash("loss") == GraphSnapshot.from_untrusted(copy.deepcopy(data)).canonical_hash("loss")
    compare(snapshot, REAL, root="loss", neutral=["Mul"])


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(plausible_snapshots(acyclic=False))
def test_plausible_cyclic_snapshots_are_refused_or_judged(data):
    check_garbage(data)


def test_a_bad_line_is_refused_every_time_and_the_good_lines_kept_are_bounded():
    """untrusted_node._line remembers lines it found good (short ones, a
    bounded set); a line it refused is never among them."""
    from tutor.graph import untrusted_node

    bad = copy.deepcopy(REAL_DICT)
    bad["nodes"][0]["op"] = "Mul\x1b[2J"
    for _ in range(2):
        with pytest.raises(ValueError, match="control character"):
            GraphSnapshot.from_untrusted(copy.deepcopy(bad))
    assert "Mul\x1b[2J" not in untrusted_node._GOOD_LINES
    for i in range(untrusted_node._GOOD_LIMIT + 5):
        untrusted_node._line(f"name{i}", "name")
    assert len(untrusted_node._GOOD_LINES) <= untrusted_node._GOOD_LIMIT
