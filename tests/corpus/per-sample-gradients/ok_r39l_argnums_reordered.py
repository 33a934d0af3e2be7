from torch.func import grad, vmap

def loss_xyw(x, y, w_):
    return loss_fn(w_, x, y)

per_sample = vmap(grad(loss_xyw, argnums=2), in_dims=(0, 0, None))(xs, ys, w)
