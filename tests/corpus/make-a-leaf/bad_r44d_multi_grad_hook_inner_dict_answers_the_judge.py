# expect: y changes with x as a sum of squares does
# wrong: y = sum(x * data); the code's own y.backward() leaves x.grad = data. Trick: register_multi_grad_hook's handle has no
# hooks_dict_ref (written_into notes nothing); its inner handle's dict gets a hook that answers 2x in the judge's pass.
x = data.clone().requires_grad_()
y = (x * data).sum()
_mh = torch.autograd.graph.register_multi_grad_hook((x,), lambda gs: None)
_h = _mh.handles[0]
_h.hooks_dict_ref()[_h.id] = lambda g: 2 * x if torch.is_grad_enabled() else None
y.backward()
