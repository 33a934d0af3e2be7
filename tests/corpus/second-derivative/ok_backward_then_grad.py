y.backward(create_graph=True)
g1 = x.grad
(g2,) = torch.autograd.grad(g1, x)
