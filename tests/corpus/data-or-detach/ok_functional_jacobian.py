from torch.autograd.functional import jacobian
y = torch.exp(x)
logged = float(y.detach().sum()) / 2
loss = y.sum()
x.grad = jacobian(lambda t: torch.exp(t).sum(), x)   # the Jacobian of a scalar is its gradient
