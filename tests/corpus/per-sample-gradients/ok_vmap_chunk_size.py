# correct: chunked vmap of grad
from torch.func import grad, vmap
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0), chunk_size=2)(w, xs, ys)
