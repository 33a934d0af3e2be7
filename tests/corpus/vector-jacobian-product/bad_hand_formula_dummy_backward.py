# expect: set by your code
# one genuine (wrong-vector) backward, then x.grad overwritten with a hand formula (no J built)
y = torch.tanh(x) * x.cumsum(0)
y.sum().backward()
with torch.no_grad():
    t = torch.tanh(x); c = x.cumsum(0)
    x.grad = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
