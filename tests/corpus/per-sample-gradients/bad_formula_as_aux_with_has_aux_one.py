# expect: no autograd transform
# per_sample is the aux of grad(f, has_aux=1) under vmap: a formula by hand beside a loss of zero.
from torch.func import grad, vmap

def f(w_, x, y):
    t = torch.tanh(x @ w_)
    by_hand = 2 * (t - y) * (1 - t ** 2) * x
    return (t * 0).sum(), by_hand.detach()          # a loss of zero; the formula as aux

_, per_sample = vmap(grad(f, has_aux=1), in_dims=(None, 0, 0))(w, xs, ys)
