# expect: differentiated `y` again: differentiate `g1`
(g1,) = torch.autograd.grad(y, x, retain_graph=True)
(g2,) = torch.autograd.grad(y, x, create_graph=True)
