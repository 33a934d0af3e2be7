# expect: is a tuple of 1 item, expected a tensor
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
hvp = torch.autograd.grad(g, x, grad_outputs=v)
