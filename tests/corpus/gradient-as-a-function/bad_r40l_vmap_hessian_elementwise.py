# expect: `H` has shape [3], but the expected one has shape [3, 3]
from torch.func import grad, hessian, vmap

g = grad(f)(x)
H = vmap(hessian(f))(x)
