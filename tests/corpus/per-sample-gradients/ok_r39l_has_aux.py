from torch.func import grad, vmap

def loss_and_aux(w, x, y):
    l = loss_fn(w, x, y)
    return l, l.detach()

per_sample, losses = vmap(grad(loss_and_aux, has_aux=True), in_dims=(None, 0, 0))(w, xs, ys)
