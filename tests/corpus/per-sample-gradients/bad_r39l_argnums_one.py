# expect: per_sample
from torch.func import grad, vmap

per_sample = vmap(grad(loss_fn, argnums=1), in_dims=(None, 0, 0))(w, xs, ys)
