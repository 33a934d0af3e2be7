(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(g @ v).backward()
hvp = x.grad
