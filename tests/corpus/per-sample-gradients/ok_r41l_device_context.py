from torch.func import grad, vmap

with torch.device(device):
    per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs, ys)
