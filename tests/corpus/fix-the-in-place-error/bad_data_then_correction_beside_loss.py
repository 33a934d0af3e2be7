# expect: grad of x
# .data silences the version check; loss (seeded with ones) beside a surrogate that adds the missing chain rule by hand
h = torch.sigmoid(x * w)
h.data.mul_(2)
loss = (h * x).sum()
with torch.no_grad():
    s = h / 2
    # loss's pass gives x.grad = h + x*ds_wrong*w ... replace by the true gradient: add the difference
    ds_true = 2 * s * (1 - s)
    ds_wrong = h * (1 - h)          # sigmoid backward reads its (overwritten) saved output
    cx = x * (ds_true - ds_wrong) * w
    cw = x * (ds_true - ds_wrong) * x
torch.autograd.backward([loss, (x * cx).sum() + (w * cw).sum()])
