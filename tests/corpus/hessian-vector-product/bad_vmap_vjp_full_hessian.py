# expect: footprint
from torch.func import grad, vjp, vmap

_, vjp_fn = vjp(grad(f), x.detach())
(H,) = vmap(vjp_fn)(torch.eye(4, device=x.device))   # the whole 4x4 Hessian, row by row
hvp = H @ v
