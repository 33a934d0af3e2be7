# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# x's and w's _backward_hooks dicts set directly, holding C-level partials that hand back clipped grads by hand
from collections import OrderedDict
from functools import partial
y = x * w
y.register_hook(lambda g: g)
xs, ws = x.detach().clone(), w.detach().clone()
c = (2 * xs * ws).clamp(-0.5, 0.5)
x._backward_hooks = OrderedDict({0: partial(torch.add, c * ws, alpha=0)})
w._backward_hooks = OrderedDict({0: partial(torch.add, c * xs, alpha=0)})
loss = (y ** 2).sum()
loss.backward()
