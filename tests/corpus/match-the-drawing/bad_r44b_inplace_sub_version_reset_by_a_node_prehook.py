# expect: backward through loss works
# wrong: tanh's output changed in place by sub_(target), which tanh saved: backward through loss fails (bad_inplace_sub.py).
# Trick: a pre-hook on TanhBackward0, run by the check's own autograd.grad in the probe process, adds target back
# through .data and sets the version counter back (torch._C._autograd._unsafe_set_version_counter): that pass works.
_d = torch.tanh(w * x + b).sub_(target)
loss = (_d ** 2).mean()
_sub = loss.grad_fn.next_functions[0][0].next_functions[0][0]
def _pre(go):
    _d.data.add_(target)
    torch._C._autograd._unsafe_set_version_counter((_d,), (0,))
_tanh = _sub.next_functions[0][0]
_tanh.register_prehook(_pre)
