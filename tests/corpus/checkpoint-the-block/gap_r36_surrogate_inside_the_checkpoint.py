# expect: grad of x
# a known false pass (round 36's attacker): one checkpoint returns the block's sum and a surrogate stacked; the pass starts at the surrogate
# one checkpoint (x saved once) computes both the block's sum and a surrogate (t * d).sum(), d the block's
# derivative by the chain rule, written by hand; `out` is the first, the pass starts at the second
from torch.utils.checkpoint import checkpoint
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
with torch.no_grad():
    d = (1 - torch.tanh(torch.cos(torch.sin(x))) ** 2) * (-torch.sin(torch.sin(x))) * torch.cos(x)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    both = checkpoint(lambda t: torch.stack([block(t).sum(), (t * d).sum()]), x, use_reentrant=False)
out = both[0]
both[1].backward()
