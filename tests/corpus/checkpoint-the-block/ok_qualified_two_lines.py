from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    block_out = torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False, preserve_rng_state=False)
    out = torch.sum(block_out)
out.backward()
