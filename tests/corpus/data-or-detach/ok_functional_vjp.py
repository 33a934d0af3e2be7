from torch.autograd.functional import vjp
y = torch.exp(x)
logged = (y.detach() * 0.5).sum().item()
loss = y.sum()
_, (g,) = vjp(lambda t: torch.exp(t).sum(), (x,))
x.grad = g
