# correct: a reentrant checkpoint, and a hook on y that only logs the gradient's norm
from torch.utils.checkpoint import checkpoint
seen = []


def block(a):
    return torch.tanh(a) * a.cumsum(0)


y = checkpoint(block, x, use_reentrant=True)
y.register_hook(lambda g: seen.append(float(g.norm())))
y.backward(gradient=v)
