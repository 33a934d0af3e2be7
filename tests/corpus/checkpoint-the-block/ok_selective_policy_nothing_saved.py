from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

from functools import partial
from torch.utils.checkpoint import create_selective_checkpoint_contexts

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(block, x, use_reentrant=False,
                     context_fn=partial(create_selective_checkpoint_contexts, [])).sum()
out.backward()
