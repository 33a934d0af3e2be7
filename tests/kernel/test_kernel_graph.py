"""Graph snapshots: sent after an execution only when the graph changed."""

from __future__ import annotations

import pytest
from kernel_helpers import run

from tutor.kernel.client import KernelClient
from tutor.kernel.protocol import Graph


@pytest.fixture(autouse=True)
def _needs_graph_capture(shared_kernel: KernelClient) -> None:
    if not shared_kernel.ready().graph:
        pytest.skip("tutor.graph.capture is not available")


def graphs(outcome: object) -> list[Graph]:
    return [e for e in outcome.events if isinstance(e, Graph)]


def test_snapshot_follows_a_changed_graph(shared_kernel: KernelClient) -> None:
    first = graphs(run(shared_kernel, "gx = torch.ones(2, requires_grad=True)\ngy = (gx * 3).sum()"))
    assert len(first) == 1
    assert "gy" in str(first[0].snapshot)
    assert shared_kernel.last_graph == first[0]


def test_no_snapshot_when_nothing_changed(shared_kernel: KernelClient) -> None:
    run(shared_kernel, "hx = torch.ones(2, requires_grad=True)")
    assert graphs(run(shared_kernel, "print('no tensors touched')")) == []
    assert graphs(run(shared_kernel, "plain_number = 3")) == []


def test_snapshot_on_request(shared_kernel: KernelClient) -> None:
    run(shared_kernel, "sx = torch.ones(2, requires_grad=True)\nsy = sx.exp()")
    graph = shared_kernel.snapshot()
    assert graph is not None and "sy" in str(graph.snapshot)
    assert graph.hash == shared_kernel.last_graph.hash


def test_graph_round_trips_into_the_model(shared_kernel: KernelClient) -> None:
    from tutor.graph.model import GraphSnapshot
    from tutor.graph.render import render_text

    run(shared_kernel, "rx = torch.ones(2, requires_grad=True)\nry = (rx * 2).sum()")
    snapshot = GraphSnapshot.from_dict(shared_kernel.snapshot().snapshot)
    assert "ry" in render_text(snapshot, root="ry")
