import torch.func as func

w.requires_grad_(False)   # already off: torch.func does not need it
per_sample = func.vmap(func.grad(lambda ww, xx, yy: loss_fn(ww, xx, yy)), in_dims=(None, 0, 0))(w, xs, ys)
