# expect: value of g
# g from H? (wrong): row sums
from torch.func import grad, hessian
H = hessian(f)(x)
_ = grad(f)(x)
g = H.sum(1) - x.exp() * 0 + (x + 1) * x.exp() - H.sum(1)
