"""REPL semantics of one execution: echo, output, tracebacks, the namespace."""

from __future__ import annotations

from kernel_helpers import run

from tutor.kernel.client import KernelClient
from tutor.kernel.protocol import Done


def test_last_expression_is_echoed(shared_kernel: KernelClient) -> None:
    outcome = run(shared_kernel, "t = torch.tensor([1.0, 2.0])\nt * 2")
    assert outcome.results == ["tensor([2., 4.])"]
    assert outcome.done.status == "ok"
    assert run(shared_kernel, "_ + 1").results == ["tensor([3., 5.])"]


def test_assignments_and_none_are_not_echoed(shared_kernel: KernelClient) -> None:
    assert run(shared_kernel, "z = 5").results == []
    assert run(shared_kernel, "None").results == []
    assert run(shared_kernel, "print('hi')").results == []


def test_stdout_and_stderr_stream_back(shared_kernel: KernelClient) -> None:
    outcome = run(shared_kernel, "import sys\nprint('out')\nprint('err', file=sys.stderr)")
    assert outcome.stdout == "out\n"
    assert outcome.stderr == "err\n"


def test_fd_level_output_is_captured(shared_kernel: KernelClient) -> None:
    outcome = run(shared_kernel, "import os\nos.system('echo from-a-subprocess')")
    assert "from-a-subprocess" in outcome.stdout


def test_traceback_shows_the_learners_lines_only(shared_kernel: KernelClient) -> None:
    outcome = run(shared_kernel, "def f(v):\n    return v / 0\n\nf(1)")
    error = outcome.error
    assert outcome.done.status == "error"
    assert error.ename == "ZeroDivisionError"
    assert 'File "<cell ' in error.traceback
    assert "return v / 0" in error.traceback
    assert "tutor/kernel" not in error.traceback and "tutor\\kernel" not in error.traceback


def test_syntax_error(shared_kernel: KernelClient) -> None:
    error = run(shared_kernel, "x = (1,").error
    assert error.ename == "SyntaxError"
    assert "tutor/kernel" not in error.traceback


def test_system_exit_keeps_the_kernel(shared_kernel: KernelClient) -> None:
    assert run(shared_kernel, "raise SystemExit(3)").error.ename == "SystemExit"
    assert run(shared_kernel, "1 + 1").results == ["2"]


def test_input_sees_end_of_file(shared_kernel: KernelClient) -> None:
    assert run(shared_kernel, "input()").error.ename == "EOFError"


def test_namespace_is_preloaded(shared_kernel: KernelClient) -> None:
    outcome = run(shared_kernel, "(torch.__name__, nn is torch.nn, F is torch.nn.functional, type(device).__name__)")
    assert outcome.results == ["('torch', True, True, 'device')"]


def test_the_namespace_is_the_module_main_names(shared_kernel: KernelClient) -> None:
    """As a script's: pickle (and torch.compile) find the learner's classes and globals through
    sys.modules["__main__"] (round 41's learners)."""
    run(shared_kernel, "import pickle, sys\nclass Point:\n    pass\nmarker = 41")
    outcome = run(shared_kernel, "(type(pickle.loads(pickle.dumps(Point()))).__name__, sys.modules['__main__'].marker)")
    assert outcome.results == ["('Point', 41)"], outcome.error


def test_setup_runs_and_reset_clears(kernel: KernelClient) -> None:
    assert run(kernel, "a").results == ["tensor([0., 1., 2.])"]
    run(kernel, "b = 1")
    events = list(kernel.reset("c = torch.ones(2) * seed", seed=4, timeout=60))
    assert isinstance(events[-1], Done) and events[-1].status == "ok"
    assert run(kernel, "c").results == ["tensor([4., 4.])"]
    assert run(kernel, "b").error.ename == "NameError"


def test_setup_error_is_reported(kernel: KernelClient) -> None:
    events = list(kernel.reset("undefined_name", timeout=60))
    assert events[-1].status == "error"
    assert any(getattr(e, "ename", "") == "NameError" for e in events)
