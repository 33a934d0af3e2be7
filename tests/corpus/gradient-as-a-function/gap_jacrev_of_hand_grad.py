# expect: H
# H as the Jacobian of a hand-written gradient, not of f
from torch.func import grad, jacrev

g = grad(f)(x)
H = jacrev(lambda t: (t + 1) * t.exp())(x)
