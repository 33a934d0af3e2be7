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
