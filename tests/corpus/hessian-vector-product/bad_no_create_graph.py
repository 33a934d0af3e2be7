# expect: create_graph
(g,) = torch.autograd.grad(f(x), x)
(hvp,) = torch.autograd.grad(g @ v, x)
