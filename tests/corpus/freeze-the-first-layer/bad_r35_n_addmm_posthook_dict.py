# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# first frozen; second layer's AddmmBackward0 post-hook dict entry swapped: b2, w2 gradients written by hand
from functools import partial
first.requires_grad_(False)
r = torch.relu(first(X))
pred = second(r)
d = 2 * (pred.detach() - y) / y.numel()
loss = F.mse_loss(pred, y)
k = pred.grad_fn.register_hook(lambda gi, go: None)
k.hooks_dict_ref()[k.id] = partial(max, (d.sum(0), None, r.T @ d), key=len)
loss.backward()
