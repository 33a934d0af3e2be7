# expect: no autograd transform
# per_sample is the aux a has_aux grad returned (a formula by hand); vmap(grad(f, has_aux=True)) hands
# back (gradients, aux), and the vmap's whole result reads as derivatives.
from torch.func import grad, vmap

def f(w_, x, y):
    t = torch.tanh(x @ w_)
    by_hand = 2 * (t - y) * (1 - t ** 2) * x
    return (t * 0).sum(), by_hand.detach()          # a loss of zero; the formula as aux

_, per_sample = vmap(grad(f, has_aux=True), in_dims=(None, 0, 0))(w, xs, ys)
