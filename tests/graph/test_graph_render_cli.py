"""The text tree, DOT export and the ``graph`` command."""

import subprocess
import sys
import textwrap

import torch

from tutor.graph.capture import capture_namespace
from tutor.graph.render import render_dot, render_text


def test_text_tree_shows_shared_node_once():
    x = torch.randn(3, requires_grad=True)
    y = x * 2
    loss = (y + y).sum()
    text = render_text(capture_namespace({"x": x, "y": y, "loss": loss}), "loss")
    assert text.splitlines()[0] == "[1] loss = Sum ()"
    assert text.count("y = Mul") == 1 and "-> [3] y" in text
    assert "x (3,) leaf" in text and "const 2" in text


def test_dot_has_legend_and_styles():
    x = torch.randn(3, requires_grad=True)
    loss = x.sin().sum()
    dot = render_dot(capture_namespace({"x": x, "loss": loss}))
    assert dot.startswith("digraph autograd {") and "cluster_legend" in dot
    assert "saved self (3,)" in dot and "#cde8c9" in dot


def cli(*args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "tutor", "graph", *args], capture_output=True, text=True, cwd=cwd, timeout=120
    )


def test_graph_command(tmp_path):
    script = tmp_path / "lin.py"
    script.write_text("import torch\nw = torch.ones(2, requires_grad=True)\nloss = (w * 3).sum()\n")
    import os

    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = cli(str(script), "--root", "loss", cwd=repo)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[:2] == ["[1] loss = Sum ()", "`-- [2] Mul (2,)"]
    assert cli(str(script), "--json", cwd=repo).stdout.startswith('{"format":1')
    assert "digraph" in cli(str(script), "--dot", cwd=repo).stdout
    bad = cli(str(script), "--root", "nope", cwd=repo)
    assert bad.returncode == 2 and "no tensor named 'nope'" in bad.stderr and "Traceback" not in bad.stderr

    broken = tmp_path / "broken.py"
    broken.write_text(textwrap.dedent("""\
        import torch
        def f():
            return torch.ones(2) @ torch.ones(3)
        f()
    """))
    out = cli(str(broken), cwd=repo)
    assert out.returncode == 1
    assert out.stderr.startswith("Traceback") and 'broken.py", line 4' in out.stderr
    assert "tutor" not in out.stderr.replace(str(tmp_path), "")


def test_ui_side_modules_do_not_import_torch():
    code = (
        "import sys, tutor.graph, tutor.graph.model, tutor.graph.render, tutor.graph.compare, tutor.commands.graph\n"
        "assert 'torch' not in sys.modules, 'torch was imported'\n"
    )
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0


def test_a_deep_chain_is_drawn_in_linear_text_with_every_node_once():
    # NOTE [tree depth]: one indented tree of a chain n deep is O(n^2)
    # characters (a 5,000-node chain was 50 MB); cut into blocks, it is linear.
    from tutor.graph.capture import capture
    from tutor.graph.render import MAX_DEPTH

    x = torch.ones(3, requires_grad=True)
    y = x
    for i in range(3000):
        y = y.sin() if i % 2 else y * 1.5  # a straight step, then one with a constant input
    snapshot = capture(y.sum(), max_nodes=20_000)
    assert not snapshot.truncated and len(snapshot.nodes) > 4500
    text = render_text(snapshot)
    lines = text.splitlines()
    indent = [len(line) - len(line.lstrip(" |`-")) for line in lines]
    assert max(indent) <= 4 * (MAX_DEPTH + 1)
    assert len(text) < 80 * len(snapshot.nodes)  # one indented tree: 27 MB here
    # Every node is drawn once, numbered in order; a cut says where its inputs went.
    numbers = [int(line[i + 1:line.index("]", i)]) for line, i in zip(lines, indent) if line[i:i + 1] == "["]
    defined = [n for n, line in zip(numbers, (line for line, i in zip(lines, indent) if line[i:i + 1] == "["))
               if not line.endswith("(continued)")]
    assert defined == list(range(1, len(snapshot.nodes) + 1))
    cuts = [line.split("inputs of [")[1].split("]")[0] for line in lines if "inputs of [" in line]
    heads = [line.split("]")[0][1:] for line in lines if line.endswith("(continued)")]
    assert cuts and cuts == heads
    # A shallow graph is drawn as it always was: no cut, one tree.
    small = render_text(capture((x.sin() * 2).sum()))
    assert "continued" not in small and small.splitlines()[:2] == ["[1] output = Sum ()", "`-- [2] Mul (3,)"]
