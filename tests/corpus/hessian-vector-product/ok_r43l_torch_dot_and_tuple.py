fx = f(x)
grads = torch.autograd.grad(fx, inputs=(x,), create_graph=True)
gv = torch.dot(grads[0], v)
hvp = torch.autograd.grad(gv, inputs=(x,))[0]
