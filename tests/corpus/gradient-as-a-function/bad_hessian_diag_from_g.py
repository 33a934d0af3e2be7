# expect: H
from torch.func import grad

g = grad(f)(x)
# d/dx [(x + 1) e^x] = (x + 2) e^x = g + e^x, on the diagonal
H = torch.diag(grad(f)(x) + x.exp())
