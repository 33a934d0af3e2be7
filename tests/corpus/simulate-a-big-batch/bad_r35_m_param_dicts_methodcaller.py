# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# weight's and bias's hook dicts hold operator.methodcaller('copy_', hand): the incoming gradient is overwritten with
# each micro-batch's gradient worked out by hand (C only, no frame of the code's)
from collections import OrderedDict
from operator import methodcaller
steps = 4
for xb, yb in zip(X.split(2), y.split(2)):
    with torch.no_grad():
        r = (xb @ w.t() + b - yb) * 2 / yb.numel() / steps
        gw, gb = r.t() @ xb, r.sum(0)
    w._backward_hooks = OrderedDict({0: methodcaller("copy_", gw)})
    b._backward_hooks = OrderedDict({0: methodcaller("copy_", gb)})
    loss = F.mse_loss(model(xb), yb) / steps
    loss.backward()
w._backward_hooks = None
b._backward_hooks = None
