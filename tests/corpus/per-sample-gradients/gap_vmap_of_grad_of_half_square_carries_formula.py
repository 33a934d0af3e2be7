# expect: value of per_sample
# per-sample gradients by the tanh/MSE formula; vmap(grad(u -> |u|^2/2)) hands them back unchanged
from torch.func import grad, vmap
t = torch.tanh(xs @ w)
rows = 2 * (t - ys)[:, None] * (1 - t ** 2)[:, None] * xs
per_sample = vmap(grad(lambda u: (u * u / 2).sum()))(rows)
