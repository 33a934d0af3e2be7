# expect: give it the function `f` itself, not its value
from torch.func import grad, hessian
g = grad(f(x))
H = hessian(f(x))
