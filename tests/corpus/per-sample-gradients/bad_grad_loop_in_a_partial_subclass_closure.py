# expect: transform
# a Python loop makes one grad(loss_fn) per sample (made inside SparseAdam.step, whose code names `grad`,
# from a closure that is a subclass of functools.partial: not counted); the vmap(grad) is a token on one sample
import functools
from torch.func import grad, vmap
class Later(functools.partial):
    pass
_opt = torch.optim.SparseAdam([torch.zeros(1, requires_grad=True)])
vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs[:1], ys[:1])
rows = []
for i in range(len(xs)):
    g = _opt.step(Later(grad, loss_fn))
    rows.append(g(w, xs[i], ys[i]))
per_sample = torch.stack(rows)
