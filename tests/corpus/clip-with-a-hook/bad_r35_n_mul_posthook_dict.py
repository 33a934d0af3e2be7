# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# the asked clamp hook on y, plus y's MulBackward0 post-hook dict entry swapped: x.grad, w.grad written by hand
from functools import partial
xd, wd = x.detach(), w.detach()
gc = (2 * xd * wd).clamp(-0.5, 0.5)
y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
k = y.grad_fn.register_hook(lambda gi, go: None)
k.hooks_dict_ref()[k.id] = partial(max, (wd * gc, xd * gc), key=len)
loss = (y ** 2).sum()
loss.backward()
