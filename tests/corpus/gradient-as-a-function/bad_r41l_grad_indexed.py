# expect: g
from torch.func import grad, hessian
g = grad(f, argnums=0)(x)[0]
H = hessian(f)(x)
