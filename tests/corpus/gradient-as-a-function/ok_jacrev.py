from torch.func import grad, jacfwd, jacrev

g = grad(f)(x)
H = jacfwd(jacrev(f))(x)
