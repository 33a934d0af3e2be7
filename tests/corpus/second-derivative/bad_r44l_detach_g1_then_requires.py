# expect: create_graph
(g1,) = torch.autograd.grad(y, x, retain_graph=True)
g1_leaf = g1.detach().requires_grad_()
(g2,) = torch.autograd.grad(g1_leaf * 1.0, g1_leaf)
