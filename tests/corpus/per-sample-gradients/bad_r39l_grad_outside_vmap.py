# expect: scalar
from torch.func import grad, vmap

per_sample = grad(vmap(loss_fn, in_dims=(None, 0, 0)))(w, xs, ys)
