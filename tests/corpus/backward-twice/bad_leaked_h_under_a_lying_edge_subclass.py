# expect: h computed once
# round 31's first attacker: a GradientEdge subclass whose __getitem__ hid a leaked recompute's graph
# The first backward frees the shared graph; loss2 is built on a second h that a non-reentrant checkpoint's
# recompute made (and leaked) inside loss1's pass, so its nodes were taken off the count. The second pass
# starts at a GradientEdge subclass whose __getitem__ hides its node from observe_recompute.look_at
# (which reads `item[0]`), while torch's engine reads the tuple's real items: the leak is never found.
from torch.utils.checkpoint import checkpoint, set_checkpoint_early_stop
from torch.autograd.graph import GradientEdge

class Edge(GradientEdge):
    __slots__ = ()
    def __getitem__(self, i):
        return None if i == 0 else tuple.__getitem__(self, i)

made = []
def f(t):
    h = t.exp()
    made.append(h)
    return h

with set_checkpoint_early_stop(False):
    h = checkpoint(f, x, use_reentrant=False)
loss1 = h.sum()
loss1.backward(retain_graph=True)
h = made.pop()                    # h computed again, inside loss1's pass
del made
loss2 = (h ** 2).sum()
edge = Edge(loss2.grad_fn, 0)
torch.autograd.backward(edge, grad_tensors=torch.ones_like(loss2))
del h, loss2, edge
