# expect: with create_graph=True no times
(g1,) = torch.autograd.grad(y, x, retain_graph=True)
(g2,) = torch.autograd.grad(y, x)
