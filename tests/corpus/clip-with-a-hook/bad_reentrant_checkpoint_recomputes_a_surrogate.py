# expect: grad of w
# loss comes out of a reentrant checkpoint whose function returns the true loss when run without grad (the forward)
# and a surrogate carrying the clipped chain rule by hand when recomputed with grad (inside the backward); an idle hook on y
from torch.utils.checkpoint import checkpoint
y = x * w
y.register_hook(lambda g: g)

def f(x_, w_):
    if not torch.is_grad_enabled():
        return ((x_ * w_) ** 2).sum()
    with torch.no_grad():
        dy = (2 * x_ * w_).clamp(-0.5, 0.5)
        gx, gw = dy * w_, dy * x_
    return (x_ * gx).sum() + (w_ * gw).sum()

loss = checkpoint(f, x, w, use_reentrant=True)
loss.backward()
