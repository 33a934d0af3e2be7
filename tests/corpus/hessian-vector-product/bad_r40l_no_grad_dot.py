# expect: the gradient you differentiate a second time has none
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
with torch.no_grad():
    gv = g @ v
(hvp,) = torch.autograd.grad(gv, x)
