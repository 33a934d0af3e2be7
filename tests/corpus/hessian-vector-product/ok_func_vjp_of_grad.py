from torch.func import grad, vjp

_, vjp_fn = vjp(grad(f), x.detach())   # reverse over reverse
(hvp,) = vjp_fn(v)
