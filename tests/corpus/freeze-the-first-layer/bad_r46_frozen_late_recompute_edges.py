# expect: autograd graph nodes; this exercise allows at most 5
# wrong: frozen after the forward and backward (w1/b1 cleared by hand); a checkpoint whose function asks for
# a leaf's gradient edge 30 times: each ask is given back in the forward and again in the recompute, where
# the recompute's nodes are also taken off whole: the count goes down by 30.
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
first.requires_grad_(False)
w1.grad = None
b1.grad = None

from torch.utils.checkpoint import checkpoint as _ckpt
_leaf = torch.ones(1, requires_grad=True)

def _f(t):
    for _ in range(30):
        torch.autograd.graph.get_gradient_edge(_leaf)
    return t.exp()

_ckpt(_f, _leaf, use_reentrant=False).sum().backward()
