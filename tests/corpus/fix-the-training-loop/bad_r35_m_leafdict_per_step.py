# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# each step: w's hook dict set straight to a C partial holding the MSE gradient worked out by hand
from collections import OrderedDict
from functools import partial
losses, grads = [], []
for step in range(5):
    w.grad = None
    wd = w.detach()
    hand = 2 * X.t() @ (X @ wd - y) / X.shape[0]
    w._backward_hooks = OrderedDict({0: partial(torch.add, hand, alpha=0)})
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
w._backward_hooks = None
