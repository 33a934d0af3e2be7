# expect: `hvp` differs from the expected value
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(g.sum(), x)
hvp = hvp * v
