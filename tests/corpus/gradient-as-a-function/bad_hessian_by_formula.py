# expect: g and H both from torch.func
from torch.func import grad, hessian

g = grad(f)(x)
H = torch.diag(x.exp() * (2 + x))
