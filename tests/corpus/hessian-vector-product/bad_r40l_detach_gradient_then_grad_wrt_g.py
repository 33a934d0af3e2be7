# expect: `hvp` differs from the expected value
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
g = g.detach().requires_grad_()
(hvp,) = torch.autograd.grad(g @ v, g)
