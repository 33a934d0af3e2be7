# expect: started at
# the in-place bug stays; loss is rebound to a surrogate with the same value carrying hand-made gradients
h = torch.sigmoid(x * w)
h.mul_(2)
with torch.no_grad():
    s0 = torch.sigmoid(x * w)
    gx = 2 * s0 + 2 * x * s0 * (1 - s0) * w
    gw = 2 * x * s0 * (1 - s0) * x
    value = (h * x).sum()
surrogate = (x * gx).sum() + (w * gw).sum()
loss = surrogate - surrogate.detach() + value
loss.backward()
