# expect: Expected f(*args) to return a scalar Tensor
from torch.func import grad, hessian

g = grad(f)(x)
H = grad(grad(f))(x)     # differentiate twice
