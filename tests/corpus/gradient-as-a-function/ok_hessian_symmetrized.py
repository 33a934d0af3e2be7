from torch.func import grad, hessian

g = grad(f)(x)
H = hessian(f)(x)
H = (H + H.T) / 2          # made symmetric (it already is)
