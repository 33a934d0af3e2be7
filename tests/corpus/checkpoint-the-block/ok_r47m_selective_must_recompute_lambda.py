from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts, CheckpointPolicy

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

policy = lambda ctx, op, *a, **k: CheckpointPolicy.MUST_RECOMPUTE
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(block, x, use_reentrant=False,
                     context_fn=lambda: create_selective_checkpoint_contexts(policy)).sum()
out.backward()
