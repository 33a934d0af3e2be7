# ok: autograd.grad, results detached before storing them in .grad
h = torch.sigmoid(x * w)
h = h * 2
loss = (h * x).sum()
gx, gw = torch.autograd.grad(loss, (x, w))
x.grad = gx.detach()
w.grad = gw.detach()
