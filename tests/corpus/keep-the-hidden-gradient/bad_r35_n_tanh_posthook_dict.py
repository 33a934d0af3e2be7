# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# TanhBackward0 post-hook dict entry swapped for a C partial: h's gradient 1 - tanh(h)^2 written by hand
from functools import partial
h = x @ W
h.retain_grad()
hand = 1 - torch.tanh(h.detach()) ** 2
loss = torch.tanh(h).sum()
th = loss.grad_fn.next_functions[0][0]
k = th.register_hook(lambda gi, go: None)
k.hooks_dict_ref()[k.id] = partial(min, (hand,), key=len)
loss.backward()
