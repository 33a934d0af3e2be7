import inspect
from torch.func import grad, hessian

print(inspect.signature(grad))
g = grad(f)(x)
H = hessian(f)(x)
