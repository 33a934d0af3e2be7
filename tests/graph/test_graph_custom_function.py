"""Issue 11: a graph holding a custom autograd.Function reads after backward()
(its freed saved tensors read as freed, like built-in nodes), with double
backward too; in capture, in the grader's probe and in `autograd-tutor graph`."""

import subprocess
import sys

import torch

from tutor.graph.capture import capture_namespace
from tutor.graph.compare import compare
from tutor.graph.model import GraphSnapshot
from tutor.graph.render import render_dot, render_text


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y)
        ctx.scale = 2
        return x * y

    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors
        return g * y, g * x  # differentiable: double backward works


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return CubeGrad.apply(x, g)


class CubeGrad(torch.autograd.Function):
    """A backward that is itself a custom Function (double backward)."""

    @staticmethod
    def forward(ctx, x, g):
        ctx.save_for_backward(x, g)
        return 3 * x ** 2 * g

    @staticmethod
    def backward(ctx, gg):
        x, g = ctx.saved_tensors
        return 6 * x * g * gg, 3 * x ** 2 * gg


def saved_of(snap, op):
    return [n for n in snap.nodes if n.op == op][0].saved


def test_custom_function_before_and_after_backward():
    x = torch.randn(3, requires_grad=True)
    loss = Square.apply(x, x * 2).sum()
    before = capture_namespace({"x": x, "loss": loss})
    assert [s.state for s in saved_of(before, "Square")] == ["available", "available"]
    assert [n for n in before.nodes if n.op == "Square"][0].attrs == {"scale": 2}
    loss.backward()
    after = capture_namespace({"x": x, "loss": loss})  # crashed before: "backward ... a second time"
    node = [n for n in after.nodes if n.op == "Square"][0]
    assert node.kind == "custom" and node.saved and all(s.state == "freed" for s in node.saved)
    assert "saved tensors freed" in render_text(after)
    assert "freed" in render_dot(after)
    back = GraphSnapshot.from_dict(after.to_dict())
    assert back.to_dict() == after.to_dict()
    # The comparison does not depend on saved-tensor states.
    assert compare(before, after, root="loss").equal


def test_custom_function_after_retain_graph_stays_available():
    x = torch.randn(3, requires_grad=True)
    loss = Square.apply(x, x).sum()
    loss.backward(retain_graph=True)
    snap = capture_namespace({"x": x, "loss": loss})
    assert [s.state for s in saved_of(snap, "Square")] == ["available", "available"]


def test_custom_function_input_modified_in_place_reads_stale():
    x = torch.randn(3, requires_grad=True)
    h = x * 1
    loss = Square.apply(h, h).sum()
    with torch.no_grad():
        h.mul_(2)
    snap = capture_namespace({"x": x, "loss": loss})
    assert {s.state for s in saved_of(snap, "Square")} == {"stale"}


def test_double_backward_through_custom_functions():
    x = torch.randn(3, requires_grad=True)
    y = Cube.apply(x).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    mid = capture_namespace({"x": x, "y": y, "g": g})
    assert any(n.op == "CubeGrad" for n in mid.nodes)
    g.sum().backward()
    after = capture_namespace({"x": x, "y": y, "g": g})
    cube_grad = [n for n in after.nodes if n.op == "CubeGrad"][0]
    assert cube_grad.kind == "custom" and all(s.state == "freed" for s in cube_grad.saved)
    assert after.find("x").has_grad
    GraphSnapshot.from_untrusted(after.to_dict())
    render_text(after)


def test_double_backward_with_builtin_backward_ops():
    x = torch.randn(3, requires_grad=True)
    y = Square.apply(x, x).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    g.sum().backward()
    snap = capture_namespace({"x": x, "y": y, "g": g})
    # create_graph retains the first graph: still there.
    assert {s.state for s in saved_of(snap, "Square")} == {"available"}
    y.backward()
    snap = capture_namespace({"x": x, "y": y, "g": g})
    assert {s.state for s in saved_of(snap, "Square")} == {"freed"}
    assert snap.find("g").kind == "op"


def test_odd_ctx_attributes_do_not_break_capture():
    class Odd(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.big = "z" * 100_000
            ctx.nested = [[[1, 2]]]
            ctx.obj = object()
            ctx.t = x.detach()
            return x.clone()

        @staticmethod
        def backward(ctx, g):
            return g

    x = torch.randn(2, requires_grad=True)
    out = Odd.apply(x).sum()
    out.backward()
    snap = capture_namespace({"x": x, "out": out})
    GraphSnapshot.from_untrusted(snap.to_dict())  # what capture writes, a reader accepts


def test_objects_on_ctx_read_without_their_address():
    """A reentrant checkpoint keeps its function on ctx: the snapshot names it
    without the address, which differs from process to process (the same
    graph's JSON and content hash did too)."""
    import torch.utils.checkpoint as cp

    def block(t):
        return torch.sin(t) * 2

    x = torch.randn(3, requires_grad=True)
    out = cp.checkpoint(block, x, use_reentrant=True).sum()
    node = next(n for n in capture_namespace({"x": x, "out": out}).nodes if n.raw_op == "CheckpointFunctionBackward")
    assert node.attrs["run_function"] == "<function test_objects_on_ctx_read_without_their_address.<locals>.block>"
    assert not any("0x" in str(v) for v in node.attrs.values())


def test_graph_command_after_backward_with_custom_function(tmp_path):
    script = tmp_path / "custom.py"
    script.write_text(
        "import torch\n"
        "class Sq(torch.autograd.Function):\n"
        "    @staticmethod\n"
        "    def forward(ctx, x):\n"
        "        ctx.save_for_backward(x)\n"
        "        return x * x\n"
        "    @staticmethod\n"
        "    def backward(ctx, g):\n"
        "        (x,) = ctx.saved_tensors\n"
        "        return 2 * x * g\n"
        "x = torch.randn(3, requires_grad=True)\n"
        "loss = Sq.apply(x).sum()\n"
        "loss.backward()\n"
    )
    for extra in ([], ["--dot"], ["--json"]):
        out = subprocess.run([sys.executable, "-m", "tutor", "graph", str(script), *extra],
                             capture_output=True, text=True, cwd=tmp_path, timeout=120)
        assert out.returncode == 0, out.stderr
        assert "Traceback" not in out.stderr
    assert "freed" in out.stdout


def test_grader_probe_reads_custom_function_graph_after_backward():
    from tutor.grade.readers import _read_probe

    x = torch.randn(3, requires_grad=True)
    loss = Square.apply(x, x).sum()
    loss.backward()
    leaf = x
    from tutor.grade.protocol import Probe

    got = _read_probe(Probe("c0", "graph", name="loss", options={"prefer": ["loss", "x"]}),
                      {"leaf": leaf, "x": x, "loss": loss})
    assert got["t"] == "graph"
    snap = GraphSnapshot.from_untrusted(got["snapshot"])
    assert snap.find("x").names == ["x", "leaf"]
