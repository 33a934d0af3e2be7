# expect: no gradient transform per sample
# wrong: Python loop of grad calls; one vmap(g) on a slice only to satisfy the counts
from torch.func import grad, vmap
g = grad(loss_fn)
vmap(g, in_dims=(None, 0, 0))(w, xs[:1], ys[:1])
per_sample = torch.stack([g(w, x, y) for x, y in zip(xs, ys)])
