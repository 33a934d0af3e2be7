xd = x.detach().double().requires_grad_()
(g,) = torch.autograd.grad(f(xd), xd, create_graph=True)
(h,) = torch.autograd.grad(g @ v.double(), xd)
hvp = h.float()
