# expect: value of g
# cheat: g a hand formula passed through an identity vmap; grad(f)(x) called and dropped; H honest
from torch.func import grad, hessian, vmap

grad(f)(x)
g = vmap(lambda t: t)(x.exp() * (1 + x))
H = hessian(f)(x)
