# expect: x.requires_grad
from torch.func import grad, hessian

x.requires_grad_()
g = grad(f)(x).detach()
H = hessian(f)(x).detach()
