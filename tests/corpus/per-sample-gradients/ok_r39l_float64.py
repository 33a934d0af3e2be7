from torch.func import grad, vmap

per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w.double(), xs.double(), ys.double()).to(w.dtype)
