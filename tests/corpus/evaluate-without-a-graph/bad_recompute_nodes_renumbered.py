# expect: no autograd graph
# a recompute's hand-made nodes given a large number by _set_sequence_nr, then initialized again in an apply (round 32's third attacker)
# recompute's hand-made nodes, their numbers set high with _set_sequence_nr, re-inited in a later apply
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
for o in leaked:
    o._set_sequence_nr(1 << 40)

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
