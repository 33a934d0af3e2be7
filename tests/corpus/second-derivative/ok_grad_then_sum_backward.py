g1, = torch.autograd.grad(y, x, create_graph=True)
x.grad = None
g1.sum().backward()
g2 = x.grad.detach()
