# expect: value of per_sample
# wrong: formula by hand under vmap, a token grad(loss_fn) run inside the vmapped function and dropped
from torch.func import grad, vmap
def row(x, y):
    _ = grad(loss_fn)(w, x, y)
    t = torch.tanh(x @ w)
    return 2 * (t - y) * (1 - t ** 2) * x
per_sample = vmap(row)(xs, ys)
