from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

def block_loss(t):
    return torch.sum(block(t))

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(block_loss, x, use_reentrant=False)
out.backward()
