"""Interrupt stops each kind of runaway code and keeps the namespace.

The bound here is a generous liveness check; bench/bench_kernel.py measures
the latency itself."""

from __future__ import annotations

import time

import pytest
from kernel_helpers import Outcome, run

from tutor.kernel.client import KernelClient

LOOPS = {
    "python-loop": "n = 0\nwhile True:\n    n += 1",
    "torch-loop": "t = torch.zeros(8)\nwhile True:\n    t = t + 1",
    "sleep": "import time\ntime.sleep(100)",
}
LIVENESS_SECONDS = 60.0  # the loops run 100 s uninterrupted: this tells "interrupted" from "ran out", not speed


def interrupt_after(client: KernelClient, code: str, delay: float = 0.5) -> tuple[Outcome, float]:
    exec_id = client.execute(code)
    events = []
    deadline = time.monotonic() + delay
    sent_at = None
    while True:
        event = client.next_event(timeout=0.05)
        if sent_at is None and time.monotonic() >= deadline:
            client.interrupt()
            sent_at = time.monotonic()
        if sent_at is not None and time.monotonic() - sent_at > 30:
            raise AssertionError("no Done after the interrupt")
        if event is None:
            continue
        events.append(event)
        if getattr(event, "id", None) == exec_id and type(event).__name__ == "Done":
            return Outcome(events), time.monotonic() - sent_at


@pytest.mark.parametrize("name", list(LOOPS))
def test_interrupt_stops_the_loop_and_keeps_the_namespace(shared_kernel: KernelClient, name: str) -> None:
    run(shared_kernel, "kept = 41")
    outcome, seconds = interrupt_after(shared_kernel, LOOPS[name])
    assert outcome.done.status == "interrupted"
    assert outcome.error.ename == "KeyboardInterrupt"
    assert "tutor/kernel" not in outcome.error.traceback
    assert seconds < LIVENESS_SECONDS
    assert run(shared_kernel, "kept + 1").results == ["42"]


def test_loop_progress_survives_the_interrupt(shared_kernel: KernelClient) -> None:
    interrupt_after(shared_kernel, LOOPS["python-loop"])
    assert run(shared_kernel, "n > 0").results == ["True"]


def test_interrupt_when_idle_is_harmless(shared_kernel: KernelClient) -> None:
    shared_kernel.interrupt()
    time.sleep(0.2)
    assert run(shared_kernel, "2 * 21").results == ["42"]


def test_interrupt_during_output_keeps_the_stream_intact(shared_kernel: KernelClient) -> None:
    # Interrupting while the kernel writes events must never cut a message.
    for _ in range(3):
        outcome, _ = interrupt_after(shared_kernel, "while True:\n    print('y' * 100)", delay=0.3)
        assert outcome.done.status == "interrupted"
    assert run(shared_kernel, "'still fine'").results == ["'still fine'"]
