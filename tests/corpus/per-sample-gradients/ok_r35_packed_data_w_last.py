from torch.func import grad, vmap

data = torch.cat([xs, ys.unsqueeze(1)], dim=1)   # (n, 4)

def per_row(row, weights):
    return loss_fn(weights, row[:3], row[3])

per_sample = vmap(grad(per_row, argnums=1), in_dims=(0, None), chunk_size=3)(data, w)
