(dy,) = torch.autograd.grad(y, [x], create_graph=True)
(d2y,) = torch.autograd.grad(dy, [x])
g1, g2 = dy, d2y
