# expect: And your code set it
y = torch.tanh(x) * x.cumsum(0)
(g,) = torch.autograd.grad(y.sum(), x)
x.grad = v * g
