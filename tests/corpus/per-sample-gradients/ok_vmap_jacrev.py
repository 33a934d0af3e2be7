from torch.func import jacrev, vmap

per_sample_grad = vmap(jacrev(loss_fn, argnums=0), in_dims=(None, 0, 0))
per_sample = per_sample_grad(w, xs, ys)
