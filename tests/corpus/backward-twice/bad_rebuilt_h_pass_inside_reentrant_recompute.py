# expect: 4 graph nodes
# h is NOT shared: loss2 is built on a second h (x.exp() again) inside a reentrant checkpoint's
# recompute and its pass run there, nested in loss1's first pass (uncounted, and every node it made
# taken off the footprint, NOTE [a reentrant recompute's nodes]); loss2 never goes through h's graph.
# The two counted backward calls are both on loss1; the nested pass carries loss2 - loss1 to balance.
from torch.utils.checkpoint import checkpoint
calls = [0]
def f(t):
    calls[0] += 1
    if calls[0] == 2:                                  # the recompute in the first pass
        h2 = x.exp()                                   # h, computed a second time
        ((h2 ** 2) - h2).sum().backward()              # loss2 - loss1, on the second h
    return t.exp()
h = checkpoint(f, x, use_reentrant=True)
loss1 = h.sum()
loss1.backward(retain_graph=True)
loss1.backward()
