# expect: backward
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
(g1,) = torch.autograd.grad(loss1, x, retain_graph=True)
(g2,) = torch.autograd.grad(loss2, x)
x.grad = g1 + g2
