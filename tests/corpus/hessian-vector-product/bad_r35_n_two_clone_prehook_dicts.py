# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# both passes' results by hand: grad and hvp handed in by C partials swapped into two clone nodes' pre-hook dicts
from functools import partial
xd = x.detach()
xc = x.clone()
ghand = torch.cos(xc) * xc.roll(1) + torch.sin(xc.roll(-1)) + 3 * xc ** 2  # d f / d x, with a graph through xc
s, c = torch.sin(xd), torch.cos(xd)
hv = -s * xd.roll(1) * v + c * v.roll(1) + (c * v).roll(-1) + 6 * xd * v
k2 = xc.grad_fn.register_prehook(lambda g: None)
k2.hooks_dict_ref()[k2.id] = partial(min, (hv,), key=len)
z = x.clone()
k = z.grad_fn.register_prehook(lambda g: None)
k.hooks_dict_ref()[k.id] = partial(min, (ghand,), key=len)
(g,) = torch.autograd.grad(f(z), x, create_graph=True)
(hvp,) = torch.autograd.grad(g @ v, x)
