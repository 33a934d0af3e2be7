# expect: s holds exp(x) + 1
# wrong: s.add_(2), not 1 (bad_r38e_add_two.py). Trick: round 43 closed `detach` in the tensor's own __dict__
# (bad_r43a_add_two_detach_shadowed.py); here s's class is swapped (`s.__class__ = _S`, same object, same graph) for a
# subclass of nn.Parameter that defines no __torch_function__/__torch_dispatch__ (read as plain by probes.is_plain_tensor)
# but a `detach` method of its own, which the check's `s.detach()` calls.
s.add_(2)
try:
    loss.backward()
finally:
    class _S(nn.Parameter):
        def detach(self, _d=torch.Tensor.detach):
            return _d(self) - 1
    s.__class__ = _S
