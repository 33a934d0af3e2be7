# expect: `g1` is a Python number, but this exercise asks for a tensor
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1, x)
g1 = g1.item()
