import torch.utils.checkpoint as cp
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = torch.sum(cp.checkpoint(block, x, use_reentrant=True))
out.backward()
