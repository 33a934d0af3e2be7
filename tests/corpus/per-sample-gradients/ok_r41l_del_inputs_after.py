from torch.func import grad, vmap
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs, ys)
del xs, ys                  # free the batch
