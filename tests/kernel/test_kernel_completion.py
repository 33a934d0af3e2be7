"""Completion of names and attributes from the live namespace."""

from __future__ import annotations

import time

from kernel_helpers import run

from tutor.kernel.client import KernelClient


def test_names(shared_kernel: KernelClient) -> None:
    run(shared_kernel, "learning_rate = 0.1\nlearner_weights = torch.ones(2)")
    answer = shared_kernel.complete("print(lear")
    assert answer.start == len("print(")
    assert answer.matches == ["learner_weights", "learning_rate"]


def test_attributes(shared_kernel: KernelClient) -> None:
    run(shared_kernel, "w = torch.ones(2, requires_grad=True)")
    answer = shared_kernel.complete("w.gra")
    assert {"w.grad", "w.grad_fn"} <= set(answer.matches)
    assert answer.start == 0
    assert "torch.nn" in shared_kernel.complete("torch.n").matches


def test_cursor_in_the_middle(shared_kernel: KernelClient) -> None:
    answer = shared_kernel.complete("torch.zer + 1", cursor=len("torch.zer"))
    assert "torch.zeros" in answer.matches


def test_nothing_to_complete(shared_kernel: KernelClient) -> None:
    assert shared_kernel.complete("x = ").matches == []
    assert shared_kernel.complete("no_such_prefix_").matches == []


def test_completion_answers_while_code_runs(shared_kernel: KernelClient) -> None:
    exec_id = shared_kernel.execute("import time\nbusy_marker = 1\ntime.sleep(30)")
    try:
        time.sleep(0.3)
        assert shared_kernel.complete("busy_mar", timeout=5).matches == ["busy_marker"]
    finally:
        shared_kernel.interrupt()
        for event in shared_kernel._until_done(exec_id, 30):
            pass
