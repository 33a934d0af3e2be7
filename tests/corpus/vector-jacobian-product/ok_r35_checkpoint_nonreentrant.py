# correct: the forward under a non-reentrant checkpoint; recomputed in the pass
from torch.utils.checkpoint import checkpoint
y = checkpoint(lambda a: torch.tanh(a) * a.cumsum(0), x, use_reentrant=False)
y.backward(gradient=v)
