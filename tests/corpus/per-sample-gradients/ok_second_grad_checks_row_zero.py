# correct: one vmap of grad; then a sanity check of row 0 against grad on sample 0
from torch.func import grad, vmap
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs, ys)
assert torch.allclose(per_sample[0], grad(loss_fn)(w, xs[0], ys[0]), atol=1e-6)
