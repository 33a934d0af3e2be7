from functools import partial
from torch.func import grad, vmap

def per_one(x, y, weights):
    return grad(loss_fn)(weights, x, y)

per_sample = vmap(partial(per_one, weights=w))(xs, ys)
