# same thing written for a batch of directions (here just one)
V = v.unsqueeze(0)                        # (1, 4)
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad((g * V).sum(), x)
