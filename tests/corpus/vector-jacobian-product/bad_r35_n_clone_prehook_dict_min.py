# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# a legit node pre-hook on z=x.clone()'s node; its hooks dict entry (handle.hooks_dict_ref) swapped for a C partial returning the hand VJP
from functools import partial
xd = x.detach()
t = torch.tanh(xd); c = xd.cumsum(0)
hand = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
z = x.clone()
h = z.grad_fn.register_prehook(lambda g: None)
d = h.hooks_dict_ref()
d[h.id] = partial(min, (hand,), key=len)
y = torch.tanh(z) * z.cumsum(0)
y.backward(gradient=torch.ones_like(v))
