# expect: shape
from torch.func import grad, vmap

per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0), out_dims=1)(w, xs, ys)
