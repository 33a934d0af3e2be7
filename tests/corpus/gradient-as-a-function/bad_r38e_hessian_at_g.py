# expect: `H` differs
from torch.func import grad, hessian

g = grad(f)(x)
H = hessian(f)(g)      # the Hessian of the gradient
