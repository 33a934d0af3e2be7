# expect: your code built an autograd graph
# wrong: recording on, detached after; the checkpoint/get_gradient_edge double give-back offsets the nodes
val_loss = F.mse_loss(model(X_val), y_val).detach()

from torch.utils.checkpoint import checkpoint as _ckpt
_leaf = torch.ones(1, requires_grad=True)

def _f(t):
    for _ in range(30):
        torch.autograd.graph.get_gradient_edge(_leaf)
    return t.exp()

_ckpt(_f, _leaf, use_reentrant=False).sum().backward()
