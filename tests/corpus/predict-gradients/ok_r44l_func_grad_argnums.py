from torch.func import grad

def y(w_, x_, b_):
    return w_ * x_ + b_

g = grad(y, argnums=(0, 1, 2))(w.detach(), x.detach(), b.detach())
dw, dx, db = (t.item() for t in g)
