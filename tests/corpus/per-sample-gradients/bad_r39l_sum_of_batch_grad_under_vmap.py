# expect: per_sample
from torch.func import grad, vmap

def batch_loss(w, xs, ys):
    return vmap(loss_fn, in_dims=(None, 0, 0))(w, xs, ys).sum()

g = grad(batch_loss)(w, xs, ys)
per_sample = g.expand(len(xs), 3)
