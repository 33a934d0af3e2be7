# expect: `g2` differs from the expected value
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1 ** 2, x)
