# older tutorials: functorch is torch.func's former name
from functorch import grad, hessian
g = grad(f)(x)
H = hessian(f)(x)
