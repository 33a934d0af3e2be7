# expect: backward
y = torch.tanh(x) * x.cumsum(0)
total = torch.zeros_like(x)
for i in range(len(y)):
    (row,) = torch.autograd.grad(y[i], x, retain_graph=True)
    total += v[i] * row
x.grad = total
