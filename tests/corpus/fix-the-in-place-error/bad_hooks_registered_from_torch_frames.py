# expect: grad of
p = x * w
h = torch.sigmoid(p)
h.data.mul_(2)                 # silences the version check; the saved output is now wrong
loss = (h * x).sum()
s = (h / 2).detach()
gx = 2 * s + 2 * x.detach() * s * (1 - s) * w.detach()
gw = 2 * x.detach() ** 2 * s * (1 - s)

import functools
from torch.utils._pytree import tree_map
tree_map(functools.partial(torch.Tensor.register_hook, hook=lambda g: gx), x)
tree_map(functools.partial(torch.Tensor.register_hook, hook=lambda g: gw), w)
loss.backward()
