# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# w2's and b2's post-accumulate hook dicts set straight to methodcaller("__setattr__", "grad", hand): a C callable
# that overwrites .grad with the gradient worked out by hand right after AccumulateGrad runs
from collections import OrderedDict
from operator import methodcaller
first.requires_grad_(False)
z = torch.relu(first(X))
with torch.no_grad():
    r = 2 * (second(z) - y) / y.numel()
    dw2, db2 = r.t() @ z, r.sum(0)
w2._post_accumulate_grad_hooks = OrderedDict({0: methodcaller("__setattr__", "grad", dw2)})
b2._post_accumulate_grad_hooks = OrderedDict({0: methodcaller("__setattr__", "grad", db2)})
loss = F.mse_loss(second(z), y)
loss.backward()
w2._post_accumulate_grad_hooks = None
b2._post_accumulate_grad_hooks = None
