from torch.func import grad, hessian

# work in double precision for a more accurate Hessian
g = grad(f)(x.double())
H = hessian(f)(x.double())
