# expect: grad of x
# bad_cancelled_root_beside_surrogate.py plus `loss = loss.item()` afterwards
h = torch.sigmoid(x * w)
h.data.mul_(2)
loss = (h * x).sum()
with torch.no_grad():
    s0 = h / 2
    gx = 2 * s0 + 2 * x * s0 * (1 - s0) * w
    gw = 2 * x * s0 * (1 - s0) * x
s = (x * gx).sum() + (w * gw).sum()
torch.autograd.backward([loss, s - loss])
loss = loss.item()
