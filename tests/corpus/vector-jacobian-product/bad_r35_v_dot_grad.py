# expect: And it was set by your code
y = torch.tanh(x) * x.cumsum(0)
(g,) = torch.autograd.grad(y.sum(), x)
x.grad = v * g
