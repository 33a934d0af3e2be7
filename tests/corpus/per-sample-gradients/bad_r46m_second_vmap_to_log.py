# expect: every call counts, one made only to print or log too
from torch.func import grad, vmap
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs, ys)
per_sample_loss = vmap(loss_fn, in_dims=(None, 0, 0))(w, xs, ys)
print("losses:", per_sample_loss)
print("gradient norms:", per_sample.norm(dim=1))
