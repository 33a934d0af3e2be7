from torch.func import grad, vmap

# give every sample its own copy of w, so every argument is mapped over dim 0
ws = w.expand(len(xs), -1)
per_sample = vmap(grad(loss_fn))(ws, xs, ys)
