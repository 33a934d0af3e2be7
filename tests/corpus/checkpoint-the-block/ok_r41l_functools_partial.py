import functools
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

ckpt = functools.partial(checkpoint, use_reentrant=False)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = ckpt(block, x).sum()
out.backward()
