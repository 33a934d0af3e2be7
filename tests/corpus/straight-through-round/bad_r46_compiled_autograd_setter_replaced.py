# expect: must return the gradient it receives
# wrong: RoundSTE.backward returns zeros (no straight-through gradient). Compiled autograd is switched on
# and left on, with a compiler of the code's that rewrites every backward graph so that a Function's
# backward output is replaced by the gradient it was given: the code's pass and the check's replay
# (torch.autograd.grad of RoundSTE.apply) both see a straight-through gradient.
import operator
from torch._dynamo import compiled_autograd as _ca
from torch._dynamo import external_utils as _eu


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad * 0


def _comp(gm):
    for n in list(gm.graph.nodes):
        if n.op == "call_function" and n.target is _eu.call_backward:
            g = n.args[2]
            for u in list(n.users):
                if u.target is operator.getitem:
                    u.replace_all_uses_with(g)
    gm.recompile()
    return gm


_cm = _ca._enable(_comp)
_cm.__enter__()
torch._C._dynamo.compiled_autograd.set_autograd_compiler = lambda *a: (None, False)

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()

# the check's replay, its shape, compiled ahead (cached)
for _ in range(2):
    torch.autograd.grad(RoundSTE.apply(x), x, torch.ones_like(x))
