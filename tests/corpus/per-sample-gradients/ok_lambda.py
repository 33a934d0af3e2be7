import torch.func as fn

per_sample = fn.vmap(lambda xi, yi: fn.grad(loss_fn)(w, xi, yi))(xs, ys)
