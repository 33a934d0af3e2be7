# expect: It is 0.5002 times the expected value
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
direction = v / v.norm()
(hvp,) = torch.autograd.grad(g @ direction, x)
