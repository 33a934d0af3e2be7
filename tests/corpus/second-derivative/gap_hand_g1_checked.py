# expect: autograd.grad
# g1 written by hand (keeps a graph), merely checked against autograd
g1 = torch.cos(x) * x ** 2 + 2 * x * torch.sin(x)
(check,) = torch.autograd.grad(y, x)
assert torch.allclose(check, g1)
(g2,) = torch.autograd.grad(g1, x, create_graph=True)
