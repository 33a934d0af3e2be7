# expect: grad of x
# a known false pass (round 36's attacker): `out` holds the block's sum plus `s - s.detach()`, `s` a formula's
# `out` is checkpointed, holds the block's sum exactly (the surrogate term adds an exact 0), and its
# gradient is d, the block's derivative by the chain rule, written by hand; the pass starts at `out`
from torch.utils.checkpoint import checkpoint
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
with torch.no_grad():
    d = (1 - torch.tanh(torch.cos(torch.sin(x))) ** 2) * (-torch.sin(torch.sin(x))) * torch.cos(x)
def surrogate(t):
    s = (t * d).sum()
    return block(t).detach().sum() + (s - s.detach())
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(surrogate, x, use_reentrant=False)
out.backward()
