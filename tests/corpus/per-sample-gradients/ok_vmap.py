from torch.func import grad, vmap

g = grad(loss_fn, argnums=0)
per_sample = vmap(g, in_dims=(None, 0, 0))(w, xs, ys)
