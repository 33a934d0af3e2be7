# expect: vmap
from torch.func import grad, vmap

rows = torch.stack([grad(loss_fn)(w, xs[i], ys[i]) for i in range(len(xs))])
per_sample = vmap(lambda r: r)(rows)
