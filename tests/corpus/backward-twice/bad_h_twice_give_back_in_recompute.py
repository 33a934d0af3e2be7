# expect: graph nodes
# h computed twice; a checkpointed exp whose function also calls a Function on a tensor that needs no grad:
# its node is given back in the forward and in the recompute, and the recompute is also taken off whole
from torch.utils.checkpoint import checkpoint

class Noop(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.clone()
    @staticmethod
    def backward(ctx, g):
        return g

_z = torch.zeros(1)

def g(t):
    for _ in range(3):
        Noop.apply(_z)
    return t.exp()

h = checkpoint(g, x, use_reentrant=False)
loss1 = h.sum()
loss1.backward(retain_graph=True)
h = x.exp()
loss2 = (h ** 2).sum()
loss2.backward()
