y = f(x)
(g,) = torch.autograd.grad(y, x, create_graph=True)
(hvp,) = torch.autograd.grad(g, x, grad_outputs=v)
