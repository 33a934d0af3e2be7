# expect: grad of w
# bad_cancelled_root_beside_surrogate.py plus `loss = loss.item()` afterwards (loss bound to a number: only "was loss a root" is asked)
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
with torch.no_grad():
    dy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = dy * w, dy * x
s = (x * gx).sum() + (w * gw).sum()
torch.autograd.backward([loss, s - loss])
loss = loss.item()
