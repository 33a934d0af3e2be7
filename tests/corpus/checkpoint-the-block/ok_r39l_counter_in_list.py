from torch.utils.checkpoint import checkpoint

seen = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: seen.append(t.shape) or t, lambda t: t):
    out = checkpoint(block, x, use_reentrant=False).sum()
n_saved = len(seen)
out.backward()
