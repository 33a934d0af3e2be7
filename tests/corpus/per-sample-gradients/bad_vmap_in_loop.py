# expect: vmap
from torch.func import grad, vmap

# one vmap per sample, inside a Python loop
per_sample = torch.cat([vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs[i:i + 1], ys[i:i + 1])
                        for i in range(len(xs))])
