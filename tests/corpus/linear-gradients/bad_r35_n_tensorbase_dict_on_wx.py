# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# the non-leaf product's hook dict set through TensorBase's descriptor (not noted), linked by _register_hook_dict;
# C partial hands back a constant; plus a pre-hook dict swap on the Mul node giving (x, w) by hand
from collections import OrderedDict
from functools import partial
p = w * x
y = p + b
mul = p.grad_fn
h = mul.register_hook(lambda gi, go: None)
d = h.hooks_dict_ref(); d.clear(); d[0] = partial(max, (x.detach() + 0, w.detach() + 0), key=len)
torch._C.TensorBase.__dict__['_backward_hooks'].__set__(p, OrderedDict({0: partial(torch.add, torch.ones(()), alpha=0)}))
mul._register_hook_dict(p)
y.backward()
