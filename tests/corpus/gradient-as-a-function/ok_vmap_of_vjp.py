# the Hessian's rows as vjps of grad(f), all at once with vmap
from torch.func import grad, vjp, vmap

g = grad(f)(x)
_, pull = vjp(grad(f), x)
(H,) = vmap(pull)(torch.eye(x.shape[0], dtype=x.dtype, device=x.device))
