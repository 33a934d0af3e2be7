# expect: the gradient transform runs with vmap
# wrong (cheat): formula by hand in vmap; grad(loss_fn) made and applied once to a single sample, dropped
from torch.func import grad, vmap
_ = grad(loss_fn)(w, xs[0], ys[0])
def g(x, y):
    t = torch.tanh(x @ w)
    return 2 * (t - y) * (1 - t ** 2) * x
per_sample = vmap(g)(xs, ys)
