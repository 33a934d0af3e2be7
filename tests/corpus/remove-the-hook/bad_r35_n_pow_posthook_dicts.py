# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# both passes' gradients of w**2, w**3 written by hand, handed in by C partials swapped into PowBackward0 post-hook dicts
from functools import partial
wd = w.detach()
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
k = loss1.grad_fn.next_functions[0][0].register_hook(lambda gi, go: None)
k.hooks_dict_ref()[k.id] = partial(min, (2 * wd,), key=len)
loss1.backward()
first = w.grad.clone()
handle.remove()
w.grad = None
loss2 = (w ** 3).sum()
k2 = loss2.grad_fn.next_functions[0][0].register_hook(lambda gi, go: None)
k2.hooks_dict_ref()[k2.id] = partial(min, (3 * wd ** 2,), key=len)
loss2.backward()
second = w.grad.clone()
