# expect: g
from torch.func import grad, hessian

g = grad(f)(x).sum()
H = hessian(f)(x)
