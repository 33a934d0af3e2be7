# expect: It is 0.3333 times the expected value everywhere
from torch.func import grad, hessian

g = grad(f)(x)
H = hessian(lambda t: (t.exp() * t).mean())(x)
