g1 = torch.autograd.grad(y, x, create_graph=True)[0].view(())
g2 = torch.autograd.grad(g1, x, retain_graph=True)[0].clone()
