out = f(x)
g = torch.autograd.grad(outputs=out, inputs=x, create_graph=True)[0]
hvp = torch.autograd.grad(outputs=(g * v).sum(), inputs=x, create_graph=True)[0].detach()
