# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# x's hook dict (set straight) holds partial(torch.where, all-True mask, hand): the gradient worked out by hand
from collections import OrderedDict
from functools import partial
hand = a + x.detach().exp()
x._backward_hooks = OrderedDict({0: partial(torch.where, torch.ones_like(hand, dtype=torch.bool), hand)})
loss = (x * a + x.exp()).sum()
loss.backward()
x._backward_hooks = None
