from torch.func import grad, hessian

with torch.no_grad():       # "x must not require grad": keep autograd out of it
    g = grad(f)(x)
    H = hessian(f)(x)
