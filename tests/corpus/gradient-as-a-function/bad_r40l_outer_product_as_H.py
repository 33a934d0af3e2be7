# expect: this exercise asks for at least 2
from torch.func import grad

g = grad(f)(x)
H = torch.outer(g, g)
