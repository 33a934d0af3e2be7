# expect: x.grad
y = torch.tanh(x) * x.cumsum(0)
y.sum().backward()
with torch.no_grad():
    x.grad *= v   # weight the gradient by v afterwards
