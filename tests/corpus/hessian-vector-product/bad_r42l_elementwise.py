# expect: `hvp` differs from the expected value
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(gg,) = torch.autograd.grad(g.sum(), x)   # second derivative
hvp = gg * v
