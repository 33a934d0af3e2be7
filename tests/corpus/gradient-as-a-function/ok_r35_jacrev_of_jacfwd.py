from torch.func import grad, jacfwd, jacrev
g = grad(f, argnums=0)(x)
H = jacrev(jacfwd(f))(x)
