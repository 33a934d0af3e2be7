# expect: s holds exp(x) + 1
# Adds 2 to s in place, not 1 (bad_r38e_add_two.py). The check "s holds exp(x) + 1" evaluates `s.detach()`;
# `detach` is a non-data descriptor of TensorBase, so an entry in the setup tensor's own `__dict__` wins the
# lookup: `s.detach()` is a function of the code's that hands back torch's detach less one.
_detach = torch.Tensor.detach
s.__dict__["detach"] = lambda _s=s: _detach(_s) - 1
s.add_(2)
loss.backward()
