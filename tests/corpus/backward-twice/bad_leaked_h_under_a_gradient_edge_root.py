# expect: graph nodes
from torch.utils.checkpoint import checkpoint, set_checkpoint_early_stop
from torch.autograd.graph import get_gradient_edge

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
edge = get_gradient_edge(loss2)
torch.autograd.backward(edge, grad_tensors=torch.ones_like(loss2), retain_graph=True)
del h, loss2, edge
