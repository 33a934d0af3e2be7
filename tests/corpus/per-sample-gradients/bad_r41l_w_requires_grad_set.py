# expect: w
from torch.func import grad, vmap
w.requires_grad_()          # "gradients need requires_grad" (not with torch.func)
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs, ys)
