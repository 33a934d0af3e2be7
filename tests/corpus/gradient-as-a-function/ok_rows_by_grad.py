from torch.func import grad

g = grad(f)(x)
# the Hessian row by row: the gradient of each component of the gradient
H = torch.stack([grad(lambda t, i=i: grad(f)(t)[i])(x) for i in range(x.shape[0])])
