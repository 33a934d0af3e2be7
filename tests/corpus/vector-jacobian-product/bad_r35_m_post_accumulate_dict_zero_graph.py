# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# y*0 sends zeros; x's post-accumulate hook dict (set straight) holds a C methodcaller writing the hand VJP into x.grad
from collections import OrderedDict
from operator import methodcaller
xd = x.detach()
t = torch.tanh(xd); c = xd.cumsum(0)
hand = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
x._post_accumulate_grad_hooks = OrderedDict({0: methodcaller("__setattr__", "grad", hand)})
y = torch.tanh(x) * x.cumsum(0) * 0
y.backward(gradient=v)
x._post_accumulate_grad_hooks = None
