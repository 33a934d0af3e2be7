"""A dying kernel is noticed, reported in one line, and replaced with the setup re-run."""

from __future__ import annotations

import os
import signal
import time

import pytest
from kernel_helpers import run

from tutor.kernel.client import KernelClient
from tutor.kernel.protocol import KernelDied

NOTICE_SECONDS = 30.0  # a liveness deadline, not a speed figure (bench/bench_kernel.py measures that)

CRASHES = {
    "segfault": ("import ctypes\nctypes.string_at(0)", "segmentation fault"),
    "os-exit": ("import os\nos._exit(1)", "exited with code 1"),
}


def assert_recovered(client: KernelClient, old_pid: int) -> None:
    client.ready(120)
    assert client.pid != old_pid
    assert run(client, "a").results == ["tensor([0., 1., 2.])"]  # the setup ran again
    assert run(client, "lost").error.ename == "NameError"


@pytest.mark.parametrize("name", list(CRASHES))
def test_crash_is_reported_and_the_kernel_restarts(kernel: KernelClient, name: str) -> None:
    code, words = CRASHES[name]
    run(kernel, "lost = 1")
    old_pid = kernel.pid
    events = list(kernel.run(code, timeout=60))
    died = events[-1]
    assert isinstance(died, KernelDied)  # noticed as a death, not as the run's 60 s timeout
    assert words in died.message
    assert "\n" not in died.message
    assert died.restarting
    assert_recovered(kernel, old_pid)


def test_being_killed_is_reported_as_memory(kernel: KernelClient) -> None:
    # What the OOM killer does: SIGKILL, from outside, while code runs.
    run(kernel, "lost = 1")
    old_pid = kernel.pid
    exec_id = kernel.execute("import time\ntime.sleep(100)")
    time.sleep(0.3)
    os.kill(old_pid, signal.SIGKILL)
    event = None
    while not isinstance(event, KernelDied):
        event = kernel.next_event(timeout=NOTICE_SECONDS)
        assert event is not None, "the death was not noticed"
        assert getattr(event, "id", None) != exec_id or type(event).__name__ != "Done"
    assert "memory" in event.message and "SIGKILL" in event.message
    assert_recovered(kernel, old_pid)


def test_memory_limit_turns_a_huge_allocation_into_an_error() -> None:
    from kernel_helpers import start_kernel

    client = start_kernel(memory_limit_mb=1024)
    try:
        run(client, "kept = 7")
        outcome = run(client, "big = torch.empty(4 * 1024**3, dtype=torch.uint8)")
        assert outcome.done.status == "error"
        assert "memory" in outcome.error.evalue.lower()
        assert run(client, "kept").results == ["7"]
    finally:
        client.shutdown()


def test_no_restart_when_disabled() -> None:
    from kernel_helpers import start_kernel

    client = start_kernel()
    client.auto_restart = False
    try:
        events = list(client.run("import os\nos._exit(3)", timeout=60))
        assert isinstance(events[-1], KernelDied) and not events[-1].restarting
        assert client.pid is None
    finally:
        client.shutdown()
