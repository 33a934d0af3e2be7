# expect: in_dims
from torch.func import grad, vmap
per_sample = vmap(grad(loss_fn))(w, xs, ys)
