# expect: g.requires_grad
from torch.func import hessian

xr = x.clone().requires_grad_()
(g,) = torch.autograd.grad(f(xr), xr, create_graph=True)
H = hessian(f)(x)
