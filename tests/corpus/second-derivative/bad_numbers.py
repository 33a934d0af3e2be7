# expect: g1
(t1,) = torch.autograd.grad(y, x, create_graph=True)
(t2,) = torch.autograd.grad(t1, x)
g1, g2 = t1.item(), t2.item()
