# expect: hvp
x.grad = None
g = torch.cos(x) * x.roll(1) + torch.sin(x).roll(-1) + 3 * x ** 2
(g * v).sum().backward()
hvp = x.grad
