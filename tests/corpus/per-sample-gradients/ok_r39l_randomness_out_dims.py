from torch.func import grad, vmap

g = grad(loss_fn, argnums=0)
batched = vmap(g, in_dims=(None, 0, 0), out_dims=0, randomness="error")
per_sample = batched(w, xs, ys)
assert per_sample.shape == (len(xs), 3)
