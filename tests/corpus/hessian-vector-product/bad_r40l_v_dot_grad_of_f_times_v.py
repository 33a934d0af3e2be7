# expect: `hvp` differs from the expected value
(g,) = torch.autograd.grad(f(x) * v.sum(), x, create_graph=True)
(hvp,) = torch.autograd.grad(g.sum(), x)
