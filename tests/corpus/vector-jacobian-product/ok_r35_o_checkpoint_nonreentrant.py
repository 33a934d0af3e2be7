# ok: checkpointed forward, backward with v
from torch.utils.checkpoint import checkpoint
def f(t):
    return torch.tanh(t) * t.cumsum(0)
y = checkpoint(f, x, use_reentrant=False)
y.backward(gradient=v)
