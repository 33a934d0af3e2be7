"""What footprint counts. A checkpoint's recompute is no node of the code's
(NOTE [a recompute's nodes], observe_recompute.py): footprint counts the
forward's nodes once, however many backward passes recompute them, and a
function that builds more in its recompute than in its forward hides no
more than it showed (the corpus holds the recomputes whose graph is used
later). A thread's work is the code's (NOTE [work in a thread],
observe_threads.py), and one left running makes the count unknown.

Real torch, real isolated runs: everything below is graded in one call."""

from __future__ import annotations

import pytest

from support import grade_named, make_exercise

# sin, mul, sum: three nodes
THREE_NODES = make_exercise(
    "three-nodes", "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n",
    "loss = (x.sin() * x).sum()\nloss.backward()\n",
    [{"kind": "grad", "tensor": "x"}, {"kind": "footprint", "max_nodes": 3}])

CHECKPOINT = "from torch.utils.checkpoint import checkpoint\n"
F = "def f(t):\n    return (t.sin() * t).sum()\n"

CASES = {
    # the recompute makes sin and mul again in the pass (5 nodes on the old count)
    "checkpointed_once": (True, CHECKPOINT + F + "loss = checkpoint(f, x, use_reentrant=False)\nloss.backward()\n"),
    # two passes through one checkpoint: two recomputes (7 on the old count)
    "checkpointed_two_passes": (
        True, CHECKPOINT + F + "loss = checkpoint(f, x, use_reentrant=False)\nloss.backward(retain_graph=True)\n"
                               "x.grad = None\nloss.backward()\n"),
    # early stop off: the recompute runs the whole function again
    "checkpointed_early_stop_off": (
        True, "import torch.utils.checkpoint as cp\n" + F + "with cp.set_checkpoint_early_stop(False):\n"
              "    loss = cp.checkpoint(f, x, use_reentrant=False)\nloss.backward()\n"),
    # a recompute that builds a graph of ten nodes it did not build in the forward: counted
    "recompute_builds_more": (
        False, CHECKPOINT + "kept = []\n\ndef f(t):\n    if torch._C._current_graph_task_id() != -1:\n"
                            "        z = t\n        for _ in range(10):\n            z = z * 1.0\n"
                            "        kept.append(z)\n    return (t.sin() * t).sum()\n\n"
                            "loss = checkpoint(f, x, use_reentrant=False)\nloss.backward()\n"),
    # the frame's recompute called by the code itself, outside a backward pass: counted
    "recompute_called_by_hand": (
        False, "import torch.utils.checkpoint as cp\n"
               "frame = cp._CheckpointFrame(lambda: [x * 1.0 for _ in range(5)], True, None, None)\n"
               "frame.recompute_fn()\n" + "loss = (x.sin() * x).sum()\nloss.backward()\n"),
    # the whole pass in a thread of the code's: its three nodes, counted
    "the_pass_in_a_thread": (True, "import threading\n\ndef work():\n    (x.sin() * x).sum().backward()\n\n"
                                   "t = threading.Thread(target=work)\nt.start()\nt.join()\n"),
    # ... and a chain of ten beside it, in the thread
    "more_in_a_thread": (False, "import threading\n\ndef work():\n    z = x\n    for _ in range(10):\n"
                                "        z = z * 1.0\n    (x.sin() * x).sum().backward()\n\n"
                                "t = threading.Thread(target=work)\nt.start()\nt.join()\n"),
    # a thread still running as the code ends: its work cannot be counted
    "a_thread_left_running": (False, "import threading\nstop = threading.Event()\n"
                                     "threading.Thread(target=stop.wait, args=(5,), daemon=True).start()\n"
                                     "(x.sin() * x).sum().backward()\n"),
}


@pytest.fixture(scope="module")
def results():
    return grade_named({name: (THREE_NODES, code) for name, (_, code) in CASES.items()})


@pytest.mark.parametrize("name", list(CASES))
def test_footprint_counts_the_forward_once(results, name):
    passes, _ = CASES[name]
    result = results[name]
    footprint = next(c for c in result.checks if c.kind == "footprint")
    grad = next(c for c in result.checks if c.kind == "grad")
    assert grad.passed, grad.message
    assert footprint.passed is passes, footprint.message
    if not passes:
        assert "graph nodes" in footprint.message or "left a thread running" in footprint.message
