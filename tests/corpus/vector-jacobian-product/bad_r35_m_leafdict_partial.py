# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# x's hook dict (set straight, no registration) holds a C partial that hands back the VJP worked out by hand
from collections import OrderedDict
from functools import partial
xd = x.detach()
t = torch.tanh(xd); c = xd.cumsum(0)
hand = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
x._backward_hooks = OrderedDict({0: partial(torch.add, hand, alpha=0)})
y = torch.tanh(x) * x.cumsum(0) * 0
y.backward(gradient=v)
