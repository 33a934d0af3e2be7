# expect: the gradient transform runs with vmap
from torch.func import vmap
def g(x, y):
    t = torch.tanh(x @ w)
    return 2 * (t - y) * (1 - t ** 2) * x
per_sample = vmap(g)(xs, ys)
