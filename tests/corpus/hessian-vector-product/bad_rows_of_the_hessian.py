# expect: autograd.grad
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
rows = [torch.autograd.grad(g[i], x, retain_graph=True)[0] for i in range(len(x))]
hvp = torch.stack(rows) @ v
