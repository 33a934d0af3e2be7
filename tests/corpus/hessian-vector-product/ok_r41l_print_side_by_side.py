(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(g @ v, x)
print("g, v and Hv side by side:")
print(torch.stack([g.detach(), v, hvp]).T)
