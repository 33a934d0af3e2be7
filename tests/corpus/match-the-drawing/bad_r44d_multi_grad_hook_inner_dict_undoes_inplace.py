# expect: backward through loss works
# wrong: sub_ in place on tanh's saved output: backward fails (bad_inplace_sub.py). Trick: register_multi_grad_hook's inner
# handle dict (not noted) gets a hook on _d that adds target back through .data and sets the version counter back.
_d = torch.tanh(w * x + b).sub_(target)
loss = (_d ** 2).mean()
def _pre(g):
    _d.data.add_(target)
    torch._C._autograd._unsafe_set_version_counter((_d,), (0,))
_mh = torch.autograd.graph.register_multi_grad_hook((_d,), lambda gs: None)
_h = _mh.handles[0]
_h.hooks_dict_ref()[_h.id] = _pre
