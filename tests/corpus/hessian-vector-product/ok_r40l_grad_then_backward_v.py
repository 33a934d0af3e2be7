(g,) = torch.autograd.grad(f(x), x, create_graph=True)
g.backward(v)
hvp = x.grad.clone()
x.grad = None
