# expect: had finished before the error
from torch.func import grad, vmap
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, None))(w, xs, ys)
