from torch.func import jacfwd, vmap

per_sample = vmap(jacfwd(loss_fn), in_dims=(None, 0, 0))(w, xs, ys)
