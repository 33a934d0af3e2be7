# expect: `hvp` differs from the expected value
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(g, x, grad_outputs=torch.ones_like(g))   # forgot v
hvp = hvp * v
