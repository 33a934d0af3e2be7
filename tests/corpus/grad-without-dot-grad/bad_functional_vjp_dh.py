# expect: value of dh
(dW,) = torch.autograd.grad(loss, W, retain_graph=True)
_, dh = torch.autograd.functional.vjp(lambda hh: (hh ** 2).mean(), h.detach(), torch.tensor(1.0))
