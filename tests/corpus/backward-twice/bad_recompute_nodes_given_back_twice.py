# expect: h computed once
# h built again; a recompute's hand-made nodes given back a second time hid it (round 32's first attacker)
# the graph is not kept: h is built again for the second loss (8 nodes, 4 allowed); hand-made Function nodes
# from a checkpoint's recompute (taken off as the recompute's) are noted later in an apply and given back again
from torch.utils.checkpoint import checkpoint

K = 40
leaked = []

class H(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        made = [H._backward_cls() for _ in range(K)]
        if torch._C._current_graph_task_id() != -1:
            leaked.extend(made)
            leaked.append(ctx)
        return z.clone()
    @staticmethod
    def backward(ctx, g):
        return g

def f(t):
    H.apply(torch.zeros(1))
    return t * t

t = torch.ones(1, requires_grad=True)
y = checkpoint(f, t, use_reentrant=False)
torch.autograd.grad(y.sum(), t)
del y, t

class G(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        for o in leaked:
            type(o).__init__(o)
        return z.clone()
    @staticmethod
    def backward(ctx, g):
        return g

with torch.no_grad():
    G.apply(torch.zeros(1))
del leaked

h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h = x.exp()
loss2 = (h ** 2).sum()
loss2.backward()
