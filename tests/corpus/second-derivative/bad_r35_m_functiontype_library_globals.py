# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# a hook made by types.FunctionType from a code object with torch.functional's globals (the trace calls it a library's),
# set straight into x's hook dict between the two passes, hands back g2 worked out by hand
import types
from collections import OrderedDict
(g1,) = torch.autograd.grad(y, x, create_graph=True)
xd = x.detach()
hand = 2 * torch.sin(xd) + 4 * xd * torch.cos(xd) - xd ** 2 * torch.sin(xd)
code = next(c for c in compile("def _h(g, _v=None):\n    return _v\n", "<string>", "exec").co_consts if isinstance(c, types.CodeType))
fn = types.FunctionType(code, vars(torch.functional), "_h", (hand,))
x._backward_hooks = OrderedDict({0: fn})
(g2,) = torch.autograd.grad(g1, x)
x._backward_hooks = None
