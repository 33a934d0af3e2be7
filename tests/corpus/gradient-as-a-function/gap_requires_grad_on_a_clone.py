# expect: requires_grad
from torch.func import grad, hessian
xr = x.clone().requires_grad_()
g = grad(f)(xr).detach()
H = hessian(f)(xr).detach()
