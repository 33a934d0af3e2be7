from torch.func import grad, vmap

w_ = w.clone().requires_grad_(True)
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w_, xs, ys).detach()
