"""The kernel side of Run and examples: a seeded fresh namespace, and a scratch
namespace that lesson examples cannot use to clobber the exercise's names."""

from __future__ import annotations

import pytest

from tutor.kernel.client import KernelClient, KernelOptions
from tutor.kernel.protocol import Execute, Stream, decode, encode

pytestmark = pytest.mark.timeout(300)


def _out(events) -> str:
    return "".join(e.text for e in events if isinstance(e, Stream) and e.name == "stdout")


def test_execute_scratch_round_trips_and_defaults_off():
    assert decode(encode(Execute("x1", "a = 1", True))) == Execute("x1", "a = 1", True)
    assert decode('{"type": "Execute", "id": "x2", "code": "b"}') == Execute("x2", "b")


def test_examples_run_in_a_scratch_namespace_and_reset_is_seeded():
    with KernelClient(KernelOptions(device="cpu", threads=1)) as kernel:
        kernel.ready()
        list(kernel.reset("x = torch.randn(3)", seed=4))
        first = _out(kernel.run("print(x.tolist())"))
        list(kernel.reset("x = torch.randn(3)", seed=4))
        assert _out(kernel.run("print(x.tolist())")) == first  # Run after Run: the same inputs
        kernel.execute("x = 'clobbered'; y = 2", scratch=True)
        assert _out(kernel.run("print(type(x).__name__, 'y' in dir())")) == "Tensor False\n"
        kernel.execute("print(y)", scratch=True)  # the scratch namespace keeps its own names
        events = list(kernel.run("pass"))
        assert "2\n" in _out(events)
