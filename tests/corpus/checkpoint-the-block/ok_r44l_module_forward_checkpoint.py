import torch.nn as nn
from torch.utils.checkpoint import checkpoint

class Checkpointed(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn
    def forward(self, t):
        return checkpoint(self.fn, t, use_reentrant=False)

n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t

layer = Checkpointed(block)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = layer(x).sum()
x.grad = None
out.backward()
