# keep-the-hidden-gradient: non-reentrant checkpoint around tanh, inside saved_tensors_hooks
from torch.utils.checkpoint import checkpoint
h = x @ W
h.retain_grad()
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    loss = checkpoint(lambda t: torch.tanh(t), h, use_reentrant=False).sum()
    loss.backward()
