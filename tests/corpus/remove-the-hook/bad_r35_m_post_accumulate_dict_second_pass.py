# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# first pass honest; second pass's loss is multiplied by 0 and w's post-accumulate hook dict (set straight) holds a
# C methodcaller that writes 3*w**2 worked out by hand into w.grad; the dict is cleared afterwards
from collections import OrderedDict
from operator import methodcaller
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
w._post_accumulate_grad_hooks = OrderedDict({0: methodcaller("__setattr__", "grad", 3 * w.detach() ** 2)})
loss2 = (w ** 3).sum() * 0
loss2.backward()
w._post_accumulate_grad_hooks = None
second = w.grad.clone()
