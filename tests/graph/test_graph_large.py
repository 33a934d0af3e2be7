"""A 100,000-op chain: captured without RecursionError, cut where the caps say.

What the caps do (docs/graph.md, "Large graphs"):
- ``capture(t)`` keeps ``DEFAULT_MAX_NODES`` (5,000) nodes, marks the cut node
  ``more_inputs``, says ``truncated`` and still counts the whole graph
  (``total_nodes``, exact while the stack can free what counting touches);
- ``capture(t, max_nodes=N)`` with N past the graph keeps all of it (here
  150,001 nodes: 100,000 ops, 50,000 scalar constants of the Muls, the leaf);
- the DOT drawing is linear in the graph (the text tree indents each level,
  so a 100,000-deep chain is no tree to print: not drawn here);
- such a snapshot is more than an untrusted reader accepts (``MAX_NODES``
  20,000), so ``from_untrusted`` refuses it with a ValueError, not a crash.

Run in a subprocess started with an 8 MiB stack and Python's default
recursion limit, so recursion anywhere in capture, normalize, JSON or the
drawings fails the test, and a crash when the graph is freed fails it too
instead of killing pytest. No wall-clock assertion: bench/bench_graph.py
prints the times.
"""

import json
import os
import resource
import subprocess
import sys

import pytest

SCRIPT = """
import json, sys
import torch
from tutor.graph.capture import DEFAULT_MAX_NODES, capture
from tutor.graph.model import GraphSnapshot
from tutor.graph.normalize import normalize
from tutor.graph.render import render_dot
assert sys.getrecursionlimit() <= 1000, sys.getrecursionlimit()
x = torch.randn(4, requires_grad=True)
h = x
for i in range(100_000):
    h = h * 1.0001 if i % 2 else h.sin()
out = {}
capped = capture(h)
out["capped"] = [len(capped.nodes), capped.truncated, capped.total_nodes, capped.total_exact,
                 sum(n.more_inputs for n in capped.nodes), DEFAULT_MAX_NODES]
del capped
full = capture({"h": h, "x": x}, max_nodes=200_000)
text = full.to_json()
out["full"] = [len(full.nodes), len(full.edges), full.truncated, full.total_nodes, full.total_exact]
out["json_nodes"] = text.count('{"id":')
out["kinds"] = sorted({n.kind for n in full.nodes})
g = normalize(full, "h")
out["normalized"] = [len(g.nodes), len(g.sig)]
out["dot_lines"] = render_dot(full).count("\\n")
try:
    GraphSnapshot.from_json(text)
    out["untrusted"] = "accepted"
except ValueError as exc:
    out["untrusted"] = str(exc)
del full, g, text, h, x
out["freed"] = True
print(json.dumps(out), flush=True)
"""


def _default_stack():
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    limit = 8 << 20
    resource.setrlimit(resource.RLIMIT_STACK, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))


@pytest.mark.timeout(900)  # a busy 2-core machine: minutes; a quiet one: seconds
def test_100k_op_chain_is_captured_whole_or_cut_without_recursion():
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=repo, timeout=900, preexec_fn=_default_stack
    )
    assert done.returncode == 0, f"rc={done.returncode}\n{done.stderr[-3000:]}"
    out = json.loads(done.stdout.strip().splitlines()[-1])
    ops, consts = 100_000, 50_000
    total = ops + consts + 1
    nodes, truncated, counted, exact, cut, cap = out["capped"]
    assert (nodes, truncated, cap) == (cap, True, 5000)
    assert cut >= 1  # the node where the cap fell says its inputs were cut
    assert exact and counted == total  # the stack guard made room to count it all
    assert out["full"] == [total, ops + consts, False, total, True]
    assert out["json_nodes"] == total
    assert out["kinds"] == ["const", "leaf", "op"]
    # Normalized: constants fold into their ops, so the ops and the leaf remain.
    assert out["normalized"] == [ops + 1, ops + 1]
    assert out["dot_lines"] > total
    assert "more than the limit of 20000" in out["untrusted"]
    assert out["freed"]
