"""Regression: freeing a deep graph after capture must not crash torch 2.13.

Walking Nodes from Python gives each one a preserved wrapper; freeing ~40k
such Nodes then recurses through tp_dealloc and overflows an 8 MiB stack
(SIGSEGV). capture() raises the soft stack limit or stops counting first
(tutor/graph/stack_guard.py). Run in a subprocess so a crash fails this test
instead of killing pytest.
"""

import os
import resource
import subprocess
import sys

SCRIPT = """
import torch
from tutor.graph.capture import capture
x = torch.randn(4, requires_grad=True)
h = x
for i in range(45_000):
    h = h * 1.0001 if i % 2 else h.sin()
snap = capture(h, max_nodes=1000)
print(snap.truncated, snap.total_nodes, snap.total_exact, flush=True)
del h, snap
print("freed", flush=True)
"""


def _default_stack():
    # The child must start with the usual 8 MiB, whatever pytest runs with.
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    limit = 8 << 20
    resource.setrlimit(resource.RLIMIT_STACK, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))


def test_deep_chain_capture_then_free_does_not_crash():
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=repo, timeout=240, preexec_fn=_default_stack
    )
    assert out.returncode == 0, f"rc={out.returncode}\n{out.stderr[-2000:]}"
    truncated, total, exact = out.stdout.split("\n")[0].split()
    assert truncated == "True" and out.stdout.split("\n")[1] == "freed"
    # 45,000 ops + the leaf + 22,500 scalar constants of the Muls.
    if exact == "True":
        assert int(total) == 45_000 + 1 + 22_500
