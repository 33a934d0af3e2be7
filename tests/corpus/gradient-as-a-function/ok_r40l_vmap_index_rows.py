from torch.func import grad, vmap

df = grad(f)
g = df(x)
# row i of H is the gradient of the i-th component of grad(f): pick it with a one-hot row
H = vmap(grad(lambda t, e: (df(t) * e).sum()), in_dims=(None, 0))(x, torch.eye(x.shape[0], device=x.device))
