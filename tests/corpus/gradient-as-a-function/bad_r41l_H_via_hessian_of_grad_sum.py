# expect: H
from torch.func import grad, hessian, jacrev
g = grad(f)(x)
H = jacrev(lambda t: grad(f)(t).sum())(x)
