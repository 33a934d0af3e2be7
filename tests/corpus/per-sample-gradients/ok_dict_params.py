from torch.func import grad, vmap

params = {"w": w}
def loss_p(p, x, y):
    return loss_fn(p["w"], x, y)

per_sample = vmap(grad(loss_p), in_dims=(None, 0, 0))(params, xs, ys)["w"]
