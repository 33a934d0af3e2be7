# ok: detached copy for the log; x.grad from torch.autograd.grad
y = torch.exp(x)
logged = (y.detach() * 0.5).sum().item()
loss = y.sum()
x.grad = torch.autograd.grad(loss, x)[0]
