# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# x's hook dict holds a lambda eval'd in torch.nn.functional's globals (not "the code's" to the trace) returning g2 by hand
from collections import OrderedDict
(g1,) = torch.autograd.grad(y, x, create_graph=True)
xd = x.detach()
hand = 2 * torch.sin(xd) + 4 * xd * torch.cos(xd) - xd ** 2 * torch.sin(xd)
x._backward_hooks = OrderedDict({0: eval("lambda g, _h=_h: _h", vars(torch.nn.functional), {"_h": hand})})
(g2,) = torch.autograd.grad(g1, x)
x._backward_hooks = None
