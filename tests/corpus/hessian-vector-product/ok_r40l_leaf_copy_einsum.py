xx = x.detach().requires_grad_()
(g,) = torch.autograd.grad(f(xx), xx, create_graph=True)
(hvp,) = torch.autograd.grad(torch.einsum('i,i->', g, v), xx)
