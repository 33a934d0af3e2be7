# expect: shape [3, 3]
from torch.func import grad, vmap

g = grad(f)(x)
# second derivative of each coordinate
H = vmap(grad(grad(lambda s: s.exp() * s)))(x)
