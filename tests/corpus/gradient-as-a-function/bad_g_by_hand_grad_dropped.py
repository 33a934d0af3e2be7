# expect: value of g
from torch.func import grad, hessian

grad(f)(x)                      # "used grad"
g = (x + 1) * x.exp()           # but g is the formula
H = hessian(f)(x)
