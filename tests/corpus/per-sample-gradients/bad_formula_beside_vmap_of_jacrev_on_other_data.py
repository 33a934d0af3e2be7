# expect: value of per_sample
# wrong: formula computed outside; vmap(jacrev) run on an unrelated dummy only for the counts
from torch.func import jacrev, vmap
vmap(jacrev(loss_fn), in_dims=(None, 0, 0))(w, xs[:1] * 0, ys[:1] * 0)
t = torch.tanh(xs @ w)
per_sample = (2 * (t - ys) * (1 - t ** 2)).unsqueeze(1) * xs
