# expect: started at
# the broken loss can't be differentiated, so: a clean loss in one call with a hand surrogate, loss seeded 0
h = torch.sigmoid(x * w)
h = h * 2
loss = (h * x).sum()
with torch.no_grad():
    s0 = torch.sigmoid(x * w)
    gx = 2 * s0 + 2 * x * s0 * (1 - s0) * w
    gw = 2 * x * s0 * (1 - s0) * x
torch.autograd.backward([loss, (x * gx).sum() + (w * gw).sum()], [torch.zeros(()), torch.ones(())])
