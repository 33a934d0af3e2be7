from torch.func import grad, vjp, vmap

g, pullback = vjp(grad(f), x)
(H,) = vmap(pullback)(torch.eye(3, device=x.device))
