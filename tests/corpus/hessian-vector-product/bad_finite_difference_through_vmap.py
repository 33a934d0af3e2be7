# expect: value of hvp
# cheat: central difference of two float64 gradients (two autograd.grad calls), passed through an identity vmap
from torch.func import vmap

eps = 1e-6
x64, v64 = x.detach().double(), v.double()
xp = (x64 + eps * v64).requires_grad_()
xm = (x64 - eps * v64).requires_grad_()
(gp,) = torch.autograd.grad(f(xp), xp)
(gm,) = torch.autograd.grad(f(xm), xm)
hvp = vmap(lambda t: t)(((gp - gm) / (2 * eps)).float())
