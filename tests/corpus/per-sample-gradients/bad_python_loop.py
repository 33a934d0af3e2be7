# expect: vmap
from torch.func import grad

per_sample = torch.stack([grad(loss_fn)(w, xs[i], ys[i]) for i in range(len(xs))])
