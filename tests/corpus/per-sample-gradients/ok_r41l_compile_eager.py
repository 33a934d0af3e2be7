from torch.func import grad, vmap

per_sample_fn = torch.compile(vmap(grad(loss_fn), in_dims=(None, 0, 0)), backend="eager")
per_sample = per_sample_fn(w, xs, ys)
