import torch.utils.checkpoint as cp

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = cp.checkpoint(lambda inp: block(inp).sum(), x, use_reentrant=False)
out.backward()
