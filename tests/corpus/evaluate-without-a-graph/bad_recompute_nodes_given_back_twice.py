# expect: no autograd graph
# a recompute's hand-made nodes, initialized again in a later apply: their numbers given back twice (round 32's first attacker)
# a graph built (the model's forward, then detached); hand-made Function nodes from a checkpoint's
# recompute (taken off as the recompute's) are noted later in an apply and given back a second time
from torch.utils.checkpoint import checkpoint

val_loss = F.mse_loss(model(X_val), y_val).detach()

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

def f(x):
    H.apply(torch.zeros(1))
    return x * x

x = torch.ones(1, requires_grad=True)
y = checkpoint(f, x, use_reentrant=False)
torch.autograd.grad(y.sum(), x)
del y, x

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
