# expect: `g` is a function
from torch.func import grad, hessian
g = grad(f(x))
H = hessian(f(x))
