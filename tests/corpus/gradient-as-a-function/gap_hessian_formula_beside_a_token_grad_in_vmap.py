# expect: value of H
# wrong: H is a hand formula through vmap, with a token grad(f) call inside the vmapped function
from torch.func import grad, hessian, vmap
g = grad(f)(x)
d2 = x.exp() * (2 + x)
H = vmap(lambda row: (grad(f)(x), row * d2)[1])(torch.eye(3, device=x.device))
