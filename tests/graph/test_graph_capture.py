"""Graphs of every teaching topic, asserted node by node (real torch)."""

import json

import pytest
import torch
import torch.nn.functional as F

from tutor.graph.capture import capture, capture_namespace
from tutor.graph.model import GraphSnapshot


def ops_of(snap):
    return sorted(n.op for n in snap.nodes)


def inputs(snap, name_or_node):
    node = snap.find(name_or_node) if isinstance(name_or_node, str) else name_or_node
    return [snap.node(e.child) for e in snap.children(node.id)]


def test_w_x_plus_b():
    w = torch.randn(3, requires_grad=True)
    x = torch.randn(3)
    b = torch.randn(3, requires_grad=True)
    y = w * x + b
    s = capture_namespace({"w": w, "x": x, "b": b, "y": y})
    add = s.find("y")
    assert (add.op, add.raw_op, add.kind, add.shape) == ("Add", "AddBackward0", "op", [3])
    mul, b_node = inputs(s, "y")
    assert mul.op == "Mul" and b_node.names == ["b"] and b_node.kind == "leaf"
    w_node, x_node = inputs(s, mul)
    assert w_node.names == ["w"] and w_node.is_leaf and w_node.requires_grad
    # x needs no gradient: shown as a named constant, not dropped.
    assert x_node.kind == "const" and x_node.names == ["x"] and not x_node.requires_grad
    assert [sv.attr for sv in mul.saved] == ["other"] and mul.saved[0].state == "available"
    assert add.attrs == {"alpha": 1}
    assert mul.order < add.order  # forward order


def test_leaf_used_twice_is_one_node_with_two_edges():
    x = torch.randn(3, requires_grad=True)
    y = x * x
    s = capture_namespace({"x": x, "y": y})
    leaves = [n for n in s.nodes if n.kind == "leaf"]
    assert len(leaves) == 1
    edges = s.parents(leaves[0].id)
    assert sorted(e.input_nr for e in edges) == [0, 1]


def test_sin_mean_and_grad_marks_after_backward():
    x = torch.randn(4, requires_grad=True)
    loss = x.sin().mean()
    loss.backward()
    s = capture_namespace({"x": x, "loss": loss})
    assert s.find("loss").op == "Mean" and s.find("loss").shape == []
    (sin,) = inputs(s, "loss")
    assert sin.op == "Sin"
    assert sin.saved[0].attr == "self" and sin.saved[0].state == "freed"
    assert s.find("x").has_grad and s.find("x").grad_shape == [4]


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x)
        ctx.k = k
        return x**3 * k

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 3 * x**2 * g * ctx.k, None


def test_custom_function():
    x = torch.randn(2, requires_grad=True)
    y = Cube.apply(x, 2.0)
    s = capture_namespace({"x": x, "y": y})
    node = s.find("y")
    assert (node.kind, node.op) == ("custom", "Cube")
    assert node.saved[0].attr == "saved_tensors[0]" and node.saved[0].shape == [2]
    assert node.attrs == {"k": 2.0}
    assert [c.names for c in inputs(s, node)] == [["x"]]


def test_double_backward_graph():
    x = torch.randn(3, requires_grad=True)
    y = (x**3).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    s = capture_namespace({"x": x, "g": g})
    g_node = s.find("g")
    assert g_node.kind == "op" and not g_node.is_leaf
    reached = {n.names[0] for n in s.nodes if n.kind == "leaf"}
    assert reached == {"x"}
    assert "Pow" in ops_of(s) or "Mul" in ops_of(s)


def test_retain_grad_and_hooks():
    x = torch.randn(3, requires_grad=True)
    h = x * 2
    h.retain_grad()
    h.register_hook(lambda g: g)
    x.register_post_accumulate_grad_hook(lambda t: None)
    h.sum().backward()
    s = capture_namespace({"x": x, "h": h})
    assert s.find("h").retains_grad and s.find("h").has_grad
    assert s.find("h").hooks == 1
    assert s.find("x").post_accumulate_hooks == 1


def test_detach_and_no_grad_cut_the_graph():
    w = torch.randn(3, requires_grad=True)
    d = (w * 2).detach()
    with torch.no_grad():
        n = w * 3
    s = capture_namespace({"w": w, "d": d, "n": n})
    assert s.find("d").kind == "const" and s.find("n").kind == "const"
    assert s.edges == []


def test_in_place_on_a_view_and_stale_saved_tensor():
    x = torch.randn(4, requires_grad=True)
    z = x.clone()
    v = z[:2]
    v.mul_(2)
    s = capture_namespace({"z": z, "v": v})
    assert s.find("z").raw_op == "torch::autograd::CopySlices"
    assert s.find("v").op == "AsStrided"
    e = x.exp()
    y = e.sin()  # saves its input e
    e.add_(1)
    s = capture({"y": y})
    assert s.find("y").saved[0].state == "stale" and s.find("y").saved[0].shape == [4]


@pytest.mark.parametrize("shape", [(3,), (5, 3)])
def test_nn_linear_1d_and_2d(shape):
    torch.manual_seed(0)
    lin = torch.nn.Linear(3, 4)
    x = torch.randn(*shape)
    out = lin(x)
    s = capture_namespace({"lin": lin, "x": x, "out": out})
    assert "Addmm" in ops_of(s)
    leaves = {n.names[0]: n.shape for n in s.nodes if n.kind == "leaf"}
    assert leaves == {"lin.weight": [4, 3], "lin.bias": [4]}
    assert s.find("out").shape == [4] if len(shape) == 1 else [5, 4]


def test_torch_func_results():
    x = torch.randn(3)
    g = torch.func.grad(lambda t: t.sin().sum())(x)
    s = capture_namespace({"x": x, "g": g})
    assert s.find("g").kind == "const" and s.find("g").shape == [3]


def test_node_cap_truncates_and_counts():
    x = torch.randn(2, requires_grad=True)
    h = x
    for _ in range(300):
        h = h.sin()
    s = capture(h, max_nodes=50)
    assert s.truncated and len(s.nodes) == 50 and s.total_nodes == 301 and s.total_exact
    assert any(n.more_inputs for n in s.nodes)


def test_deep_chain_walk_is_iterative():
    x = torch.randn(2, requires_grad=True)
    h = x
    for _ in range(3000):  # torchviz hits RecursionError near 990
        h = h * 1.0
    s = capture(h, max_nodes=10_000)
    assert not s.truncated and sum(n.op == "Mul" for n in s.nodes) == 3000


def test_json_round_trip():
    w = torch.randn(3, requires_grad=True)
    loss = (w * 2).sin().sum()
    loss.backward(retain_graph=True)
    s = capture_namespace({"w": w, "loss": loss})
    text = s.to_json()
    json.loads(text)
    back = GraphSnapshot.from_json(text)
    assert back.to_dict() == s.to_dict()
    assert back.nodes == s.nodes and back.edges == s.edges and back.roots == s.roots
    assert back.canonical_hash("loss") == s.canonical_hash("loss")


def test_a_named_constant_input_is_shown_by_its_name():
    """`w * x` with data x: the learner sees their `x`, not an anonymous
    constant; a detached copy of a leaf is still not that leaf."""
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    x = torch.tensor([3.0, 4.0])
    y = w * x
    snap = capture_namespace({"w": w, "x": x, "y": y})
    mul = snap.find("y")
    inputs = {snap.node(e.child).kind: snap.node(e.child).names for e in snap.children(mul.id)}
    assert inputs == {"leaf": ["w"], "const": ["x"]}

    z = w.detach() * w
    snap = capture_namespace({"w": w, "x": x, "z": z})
    inputs = [snap.node(e.child) for e in snap.children(snap.find("z").id)]
    assert [(n.kind, n.names) for n in inputs] == [("const", []), ("leaf", ["w"])]


def test_the_fast_node_maker_makes_what_graphnode_makes():
    """capture makes its nodes with model.new_node, unrolled from the table of defaults: a field added to
    GraphNode without a default in that table would be left unset, and every snapshot would lose it."""
    import dataclasses

    from tutor.graph.model import _NODE_DEFAULTS, GraphNode, new_node

    assert set(GraphNode.__dataclass_fields__) == {"id", "raw_op", "op", "kind", *_NODE_DEFAULTS}
    made, reference = new_node(3, "SinBackward0", "Sin", "op"), GraphNode(3, "SinBackward0", "Sin", "op")
    assert dataclasses.asdict(made) == dataclasses.asdict(reference)
    other = new_node(4, "SinBackward0", "Sin", "op")
    assert made.names is not other.names and made.saved is not other.saved and made.attrs is not other.attrs


def test_a_lazy_module_not_run_yet_is_left_out_of_the_namespace_graph():
    """Its parameters have no shape before its first forward: reading one raised, and the whole graph was
    unreadable (an `nn.LazyLinear` made for later beside a right answer failed make-a-leaf's graph check)."""
    x = torch.ones(3, requires_grad=True)
    later, used = torch.nn.LazyLinear(2), torch.nn.LazyLinear(2)
    used(x.detach().unsqueeze(0))  # run once: its parameters are ordinary now
    snap = capture_namespace({"x": x, "y": (x * x).sum(), "later": later, "used": used})
    names = {n for node in snap.nodes for n in node.names}
    assert {"x", "y", "used.weight", "used.bias"} <= names
    assert not any(n.startswith("later.") for n in names)
    assert capture_namespace({"w": later.weight}).nodes == []  # bound by itself too
