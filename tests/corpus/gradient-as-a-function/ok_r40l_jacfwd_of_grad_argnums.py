from torch.func import grad, jacfwd

g = grad(f, argnums=0)(x)
H = jacfwd(grad(f), randomness="same")(x)
