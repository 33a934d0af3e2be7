# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# each micro-batch's w, b gradients written by hand, handed in through the Linear's AddmmBackward0 post-hook dict
from functools import partial
steps = 4
for xb, yb in zip(X.split(2), y.split(2)):
    pred = model(xb)
    d = 2 * (pred.detach() - yb) / yb.numel() / steps
    loss = F.mse_loss(pred, yb) / steps
    k = pred.grad_fn.register_hook(lambda gi, go: None)
    k.hooks_dict_ref()[k.id] = partial(max, (d.sum(0), None, xb.T @ d), key=len)
    loss.backward()
