# expect: no gradient transform per sample
# why wrong: a Python loop makes one grad(loss_fn) per sample (made inside SGD.step from a method-wrapper closure, so not counted); the one vmap(grad(loss_fn)) is a token on one sample, dropped
import functools
from torch.func import grad, vmap
_opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.0)
vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs[:1], ys[:1])
rows = []
for i in range(len(xs)):
    g = _opt.step(functools.partial(grad, loss_fn).__call__)
    rows.append(g(w, xs[i], ys[i]))
per_sample = torch.stack(rows)
