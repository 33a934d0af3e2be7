# expect: grad of x
y = torch.tanh(x) * x.cumsum(0)
y.sum().backward()
x.grad *= v
