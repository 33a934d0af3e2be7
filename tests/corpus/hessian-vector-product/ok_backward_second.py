(grad_f,) = torch.autograd.grad(f(x), x, create_graph=True)
(grad_f * v).sum().backward()
hvp = x.grad
