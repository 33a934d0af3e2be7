# expect: but the expected one has shape
from torch.func import grad, vmap
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs, ys).sum(0)
