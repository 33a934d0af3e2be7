# expect: autograd graph nodes; this exercise allows at most 4
# wrong: h built again for loss2 (two graphs); the count is offset by a checkpoint whose function asks for a
# leaf's gradient edge 30 times, differentiated with autograd.grad (the backward count stays at 2).
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h = x.exp()
loss2 = (h ** 2).sum()
loss2.backward()

from torch.utils.checkpoint import checkpoint as _ckpt
_leaf = torch.ones(0, requires_grad=True)

def _f(t):
    for _ in range(30):
        torch.autograd.graph.get_gradient_edge(_leaf)
    return t.exp()

torch.autograd.grad(_ckpt(_f, _leaf, use_reentrant=False).sum(), _leaf)
