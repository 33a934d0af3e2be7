from torch.func import grad

def f(w, x, b):
    return w * x + b

gw, gx, gb = grad(f, argnums=(0, 1, 2))(w.detach(), x.detach(), b.detach())
dw, dx, db = gw.item(), gx.item(), gb.item()
