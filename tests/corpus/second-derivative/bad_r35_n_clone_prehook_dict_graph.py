# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# z = x.clone(); the clone node's pre-hook dict entry swapped: g1 = cos(x)x^2 + 2x sin(x) by hand (with a graph), g2 from it
from functools import partial
hand = torch.cos(x) * x ** 2 + 2 * x * torch.sin(x)
z = x.clone()
k = z.grad_fn.register_prehook(lambda g: None)
k.hooks_dict_ref()[k.id] = partial(min, (hand,), key=len)
y = torch.sin(z) * z ** 2
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1, x)
