# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# autograd.grad(loss, [h, W]) with h's and W's hook dicts holding C partials that hand back dh, dW by hand
from collections import OrderedDict
from functools import partial
hd = h.detach()
dh_hand = 2 * hd / hd.numel()
dW_hand = x.t() @ (dh_hand * (1 - hd ** 2))
h._backward_hooks = OrderedDict({0: partial(torch.add, dh_hand, alpha=0)})
W._backward_hooks = OrderedDict({0: partial(torch.add, dW_hand, alpha=0)})
dh, dW = torch.autograd.grad(loss, [h, W])
