from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

def unpack(t):
    return t

def run_block(inp):
    # recomputed during backward
    return block(inp)

with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = checkpoint(run_block, x, use_reentrant=False).sum()
out.backward()
