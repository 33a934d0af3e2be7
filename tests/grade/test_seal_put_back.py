"""Round 44's mends read in a process as a run reads them: a check's own call that changes a tensor the seal holds
(a hook writing through `.data`, a Function rounding its input in place) leaves the next check the tensor as the
code left it (readfirst._Seal.put_back), and a class of the code's that names one of Tensor's attributes hides
torch's (lookups.class_hides), where one that only shows itself does not."""

from __future__ import annotations

import torch

from tutor.grade import lookups
from tutor.grade.readfirst import _Seal


def test_a_write_behind_autograds_back_is_put_back_numbers_and_counter():
    w = torch.nn.Parameter(torch.zeros(3))
    seal = _Seal({"w": w}, {"w"})
    version = w._version
    w.data.copy_(torch.ones(3))  # what round 44's hook did inside a check's pass: no counter moves
    assert w._version == version and not seal.holds(grads=False)
    assert seal.put_back()
    assert torch.equal(w.detach(), torch.zeros(3)) and w._version == version and seal.holds(grads=False)


def test_an_in_place_change_is_put_back_with_its_counter():
    x = torch.tensor([0.4, 1.6])
    seal = _Seal({"x": x}, {"x"})
    version = x._version
    x.round_()  # a Function of the code's, called by a check, that rounds its input in place
    assert x._version != version
    assert seal.put_back() and torch.equal(x, torch.tensor([0.4, 1.6])) and x._version == version


def test_a_tensor_too_big_to_copy_is_read_as_the_check_left_it():
    # round 44's learner: a Function's forward that logs into a buffer of 10,000 numbers, replayed by a check
    big, small = torch.zeros(10_000), torch.zeros(3)
    seal = _Seal({"big": big, "small": small}, {"big", "small"})
    big.add_(1)
    small.add_(1)
    assert seal.put_back()
    assert torch.equal(big, torch.ones(10_000)) and torch.equal(small, torch.zeros(3))


def test_classes_of_the_codes_that_name_tensors_attributes_hide_torchs():
    class Detaching(torch.nn.Parameter):
        def detach(self):
            return self

    class Shown(torch.nn.Parameter):
        """Only says what it is."""

        def __repr__(self):
            return "Shown"

    class Hooks(torch.Tensor):
        _post_accumulate_grad_hooks = property(lambda self: None)

    class Dispatching(torch.Tensor):
        @classmethod
        def __torch_function__(cls, func, types, args=(), kwargs=None):
            return super().__torch_function__(func, types, args, kwargs or {})

    class Named(torch.nn.Parameter):  # round 44's learners: a plain value, a copy of its own
        name = "x"

        def __deepcopy__(self, memo):
            return Named(self.detach().clone())

    t = torch.zeros(2)
    assert not lookups.class_hides(Named(t))
    assert not lookups.class_hides(t) and not lookups.class_hides(torch.nn.Parameter(t))
    assert lookups.class_hides(Detaching(t)) and lookups.hides_torchs(Detaching(t))
    assert not lookups.class_hides(Shown(t))
    assert lookups.class_hides(t.as_subclass(Hooks))
    # a class with a dispatch of its own is read as no tensor, with words of its own: not "hidden" there
    assert lookups.class_hides(t.as_subclass(Dispatching))
    assert not lookups.class_hides(t.as_subclass(Dispatching), own_dispatch=False)
