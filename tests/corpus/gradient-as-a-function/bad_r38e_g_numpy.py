# expect: ndarray
from torch.func import grad, hessian

g = grad(f)(x).numpy()
H = hessian(f)(x)
