# borderline-correct: expand trick with torch.func.grad over a vmapped batch loss (one transform, one vmap)
from torch.func import grad, vmap
def total(W):
    return vmap(loss_fn)(W, xs, ys).sum()
per_sample = grad(total)(w.expand(len(xs), 3))
