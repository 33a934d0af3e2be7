# The tanh block under (non-reentrant) activation checkpointing, then a backward to look
from torch.utils.checkpoint import checkpoint

a = checkpoint(lambda w_, b_: torch.tanh(w_ * x + b_), w, b, use_reentrant=False)
loss = ((a - target) ** 2).mean()
loss.backward()
