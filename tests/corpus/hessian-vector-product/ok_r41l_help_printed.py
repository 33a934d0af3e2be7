help(torch.autograd.grad)   # what does create_graph do again?
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(g @ v, x)
