(g1,) = torch.autograd.grad(y, x, create_graph=True)
g1.backward()
g2 = x.grad.clone()
