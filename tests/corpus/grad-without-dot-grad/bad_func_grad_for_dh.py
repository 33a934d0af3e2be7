# expect: value of dh
# one torch.autograd.grad call (for W); dh from torch.func on a re-written loss
dh = torch.func.grad(lambda hh: (hh ** 2).mean())(h.detach())
(dW,) = torch.autograd.grad(loss, W)
