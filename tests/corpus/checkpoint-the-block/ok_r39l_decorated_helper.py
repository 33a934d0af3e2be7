from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

def run_ckpt(fn):
    def wrapped(inp):
        return checkpoint(fn, inp, use_reentrant=False)
    return wrapped

cblock = run_ckpt(block)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = cblock(x).sum()
out.backward()
