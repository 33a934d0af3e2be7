# expect: Expected f(*args) to return a scalar
from torch.func import grad, vmap
per_sample = grad(loss_fn)(w, xs, ys)
