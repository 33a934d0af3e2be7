# expect: element 0 of tensors does not require grad
(g1,) = torch.autograd.grad(y, x, retain_graph=True)
(g2,) = torch.autograd.grad(g1, x)
