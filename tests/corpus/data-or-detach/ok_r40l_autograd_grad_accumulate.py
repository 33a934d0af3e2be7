y = torch.exp(x)
half = y.detach().mul(0.5)
logged = half.sum().tolist()
loss = y.sum()
(gx,) = torch.autograd.grad(loss, x)
x.grad = gx
