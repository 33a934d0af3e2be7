# ok: the whole loss computed under a non-reentrant checkpoint: the recompute saves the same values
from torch.utils.checkpoint import checkpoint

loss = checkpoint(lambda t: (t * a + t.exp()).sum(), x, use_reentrant=False)
loss.backward()
