# expect: A `g2` equal to `g1` differentiated `y` again
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(y, x)     # second call: differentiate again
