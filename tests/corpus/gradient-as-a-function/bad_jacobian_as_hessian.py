# expect: value of H
from torch.func import grad, jacrev

g = grad(f)(x)
H = jacrev(f)(x)
