value = f(x)
g = torch.autograd.grad(value, [x], create_graph=True)[0]
hvp = torch.autograd.grad(torch.dot(g, v), [x])[0]
