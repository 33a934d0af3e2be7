# correct: linearize grad(f) at x, vmap the linear map over the basis
from torch.func import grad, linearize, vmap
g, lin = linearize(grad(f), x)
H = vmap(lin)(torch.eye(3, device=x.device))
