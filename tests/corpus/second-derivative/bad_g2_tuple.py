# expect: g2
(g1,) = torch.autograd.grad(y, x, create_graph=True)
g2 = torch.autograd.grad(g1, x)
