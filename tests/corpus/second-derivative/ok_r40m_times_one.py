g1 = torch.autograd.grad(y, [x], create_graph=True, allow_unused=True)[0]
g2 = torch.autograd.grad(g1 * 1.0, [x], retain_graph=True)[0]
