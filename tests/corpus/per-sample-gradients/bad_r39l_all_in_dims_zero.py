# expect: in_dims
from torch.func import grad, vmap

per_sample = vmap(grad(loss_fn), in_dims=(0, 0, 0))(w, xs, ys)
