# expect: checkpointed block
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

# count a checkpointed run, but compute `out` in a second, uncounted run
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)
out = checkpoint(block, x, use_reentrant=False).sum()
out.backward()
