# expect: autograd graph
# The model runs WITH a graph (the forward recorded, then detached, as bad_detach_afterwards);
# nested checkpoint recomputes make the node count come out below zero (clamped to 0).
from torch.utils.checkpoint import checkpoint

M = 12
def chain(t, n):
    for _ in range(n):
        t = -t
    return t

def fb(t):                                   # B: M nodes (M-1 negs + exp), one saved tensor
    return chain(t, M - 1).exp()

zb = torch.zeros(1, requires_grad=True)
cb = checkpoint(fb, zb, use_reentrant=False)

calls = [0]
def fa(t):                                   # A: forward M + 1 nodes; its recompute runs a pass through B
    calls[0] += 1
    if calls[0] == 1:
        return chain(t, M).exp()
    torch.autograd.grad(cb, zb, torch.ones_like(cb), retain_graph=True)   # B recomputes inside A's recompute
    return t.exp()

za = torch.zeros(1, requires_grad=True)
ca = checkpoint(fa, za, use_reentrant=False)
for _ in range(4):
    torch.autograd.grad(ca, za, torch.ones_like(ca), retain_graph=True)
del ca, cb

val_loss = F.mse_loss(model(X_val), y_val).detach()   # graph built, then thrown away
