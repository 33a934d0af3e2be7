torch.set_default_device(device)
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(torch.dot(g, v), x)
