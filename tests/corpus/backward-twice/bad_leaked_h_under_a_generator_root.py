# expect: graph nodes
# The first backward frees the shared graph (no retain_graph); loss2 is built on a second h, the one a
# checkpoint's recompute made during that pass (taken off the node count); the second pass is handed
# its root inside a generator, which the look for a recompute's nodes does not open.
from torch.utils.checkpoint import checkpoint, set_checkpoint_early_stop

made = []
def f(t):
    h = t.exp()
    made.append(h)
    return h

with set_checkpoint_early_stop(False):
    h = checkpoint(f, x, use_reentrant=False)
loss1 = h.sum()
loss1.backward()                  # graph freed
h = made.pop()                    # h computed again, inside loss1's pass
del made
loss2 = (h ** 2).sum()
torch.autograd.backward((t for t in [loss2]), retain_graph=True)
del h, loss2
