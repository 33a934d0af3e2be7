g1 = torch.autograd.grad(y, [x], grad_outputs=torch.ones_like(y), create_graph=True, retain_graph=True)[0]
g2 = torch.autograd.grad(g1, [x], grad_outputs=torch.ones_like(g1))[0]
# sanity check against the formula
expected_g1 = torch.cos(x) * x ** 2 + 2 * x * torch.sin(x)
assert torch.allclose(g1, expected_g1)
