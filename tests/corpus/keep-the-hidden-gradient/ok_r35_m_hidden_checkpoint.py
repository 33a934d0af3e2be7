# exercise: keep-the-hidden-gradient
from torch.utils.checkpoint import checkpoint
def layer(W):
    return x @ W
h = checkpoint(layer, W, use_reentrant=False)
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward()
