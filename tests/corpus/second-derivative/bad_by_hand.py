# expect: autograd.grad
g1 = torch.cos(x) * x ** 2 + 2 * x * torch.sin(x)
g2 = (2 * torch.sin(x) + 4 * x * torch.cos(x) - x ** 2 * torch.sin(x)).detach()
