# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# after the first grad, x's hook dict gets a C partial that hands back the HVP worked out by hand in the second pass
from collections import OrderedDict
from functools import partial
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
xd = x.detach()
hand = (-torch.sin(xd) * xd.roll(1) + 6 * xd) * v + torch.cos(xd) * v.roll(1) + torch.cos(xd.roll(-1)) * v.roll(-1)
x._backward_hooks = OrderedDict({0: partial(torch.add, hand, alpha=0)})
(hvp,) = torch.autograd.grad(g @ v, x)
x._backward_hooks = None
