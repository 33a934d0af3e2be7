# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# PowBackward0 post-hook dict entry swapped: dh = 2h/numel by hand, then dW follows
from functools import partial
pw = loss.grad_fn.next_functions[0][0]
k = pw.register_hook(lambda gi, go: None)
k.hooks_dict_ref()[k.id] = partial(min, (2 * h.detach() / h.numel(),), key=len)
dh, dW = torch.autograd.grad(loss, [h, W])
