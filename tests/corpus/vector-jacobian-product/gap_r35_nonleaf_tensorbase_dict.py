# expect: grad of x
# a known false pass (round 35's fifth attacker): a hook dict set through TensorBase's own descriptor on a
# tensor no pass reaches as a root or leaf, linked to its node by `_register_hook_dict` (NOTE [hooks written into a
# tensor's hook dicts]: not seen)
# non-leaf z: hook dict set through TensorBase's own descriptor (no note) and linked by grad_fn._register_hook_dict
from collections import OrderedDict
from functools import partial
xd = x.detach()
t = torch.tanh(xd); c = xd.cumsum(0)
hand = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
z = x.clone()
torch._C.TensorBase.__dict__['_backward_hooks'].__set__(z, OrderedDict({0: partial(torch.add, hand, alpha=0)}))
z.grad_fn._register_hook_dict(z)
y = torch.tanh(z) * z.cumsum(0)
y.backward(gradient=torch.ones_like(v))
