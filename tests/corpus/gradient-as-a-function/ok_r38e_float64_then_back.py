from torch.func import grad, hessian

x64 = x.double()
g = grad(f)(x64).to(x.dtype)
H = hessian(f)(x64).to(x.dtype)
