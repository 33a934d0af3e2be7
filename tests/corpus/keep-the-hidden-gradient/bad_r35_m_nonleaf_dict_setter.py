# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# h (non-leaf) and W get hook dicts through the _backward_hooks setter; C partials return dh, dW by hand
from collections import OrderedDict
from functools import partial
h = x @ W
h.retain_grad()
hd = h.detach()
dh = 1 - torch.tanh(hd) ** 2
dW = x.t() @ dh
h._backward_hooks = OrderedDict({0: partial(torch.where, torch.ones_like(dh, dtype=torch.bool), dh)})
W._backward_hooks = OrderedDict({0: partial(torch.where, torch.ones_like(dW, dtype=torch.bool), dW)})
loss = torch.tanh(h).sum()
loss.backward()
