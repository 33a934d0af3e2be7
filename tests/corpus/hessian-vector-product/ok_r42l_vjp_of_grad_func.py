from torch.func import grad, vjp
xd = x.detach()
_, pullback = vjp(grad(f), xd)
(hvp,) = pullback(v)
