# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# legit post-hook on the clone node; the dict entry swapped for a C partial that hands back (hand,) as grad_inputs
from functools import partial
xd = x.detach()
t = torch.tanh(xd); c = xd.cumsum(0)
hand = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
z = x.clone()
h = z.grad_fn.register_hook(lambda gi, go: None)
h.hooks_dict_ref()[h.id] = partial(min, (hand,), key=len)
y = torch.tanh(z) * z.cumsum(0)
y.backward(gradient=torch.ones_like(v))
