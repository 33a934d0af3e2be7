# expect: graph nodes
# The first backward frees the shared graph (no retain_graph); loss2 is built on a second h,
# the one a checkpoint's recompute made during that pass; retain_graph is put on the second call.
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
h = made[-1]                      # h computed again, inside loss1's pass
loss2 = (h ** 2).sum()
loss2.backward(retain_graph=True)
