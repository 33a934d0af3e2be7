from functools import partial
from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts, CheckpointPolicy

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

def recompute_all(ctx, op, *args, **kwargs):
    return CheckpointPolicy.PREFER_RECOMPUTE

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(block, x, use_reentrant=False,
                     context_fn=partial(create_selective_checkpoint_contexts, recompute_all)).sum()
out.backward()
