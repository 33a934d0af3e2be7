from torch.func import jacrev, vmap

batched = vmap(loss_fn, in_dims=(None, 0, 0))
per_sample = jacrev(batched)(w, xs, ys)
