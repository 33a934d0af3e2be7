y = torch.tanh(x) * x.cumsum(0)
(g,) = torch.autograd.grad(y, x, v)
x.grad = g.to(torch.float64).to(torch.float32)
