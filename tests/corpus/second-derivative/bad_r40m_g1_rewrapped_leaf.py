# expect: `g2` is None
(g1,) = torch.autograd.grad(y, x, create_graph=True)
g1 = g1.detach().requires_grad_()
(g2,) = torch.autograd.grad(g1, x, allow_unused=True)
