# expect: `g` is a function, expected a tensor
from torch.func import grad, hessian

g = grad(f(x))
H = hessian(f(x))
