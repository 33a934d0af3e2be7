# correct: Hessian rows as vjp pullbacks of grad(f), batched with torch.vmap
from torch.func import grad, vjp
g, pull = vjp(grad(f), x)
(H,) = torch.vmap(pull)(torch.eye(3, device=x.device))
g = grad(f)(x)
