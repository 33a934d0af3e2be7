"""Which objects the probes read as tensors (probes.is_plain_tensor): a subclass
of nn.Parameter that changes how no read is answered is a Parameter; one that
brings a __torch_function__ or a __torch_dispatch__ of its own, in its body or
from another base, is not (its reads could be answered by the code)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
from tutor.grade.probes import is_plain_tensor  # noqa: E402


class Weight(torch.nn.Parameter):
    pass


class Logged(torch.nn.Parameter):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs)


class Dispatching(torch.Tensor):
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))


class Mixed(torch.nn.Parameter, Dispatching):
    pass


class Deeper(Weight):
    pass


@pytest.mark.parametrize("kind, plain", [
    (Weight, True), (Deeper, True), (Logged, False), (Mixed, False), (Dispatching, False)])
def test_a_parameter_subclass_is_read_only_when_it_answers_nothing(kind, plain):
    value = kind(torch.ones(3)) if kind is not Dispatching else torch.ones(3).as_subclass(Dispatching)
    assert is_plain_tensor(value) is plain


def test_plain_tensors_and_parameters_are_read():
    assert is_plain_tensor(torch.ones(2)) and is_plain_tensor(torch.nn.Parameter(torch.ones(2)))
    assert not is_plain_tensor([1.0]) and not is_plain_tensor(None)
