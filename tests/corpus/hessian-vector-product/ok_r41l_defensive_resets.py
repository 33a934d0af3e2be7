x.grad = None            # start clean
assert x.requires_grad and x.is_leaf
x.retain_grad()          # harmless on a leaf
gx = torch.autograd.grad(f(x), x, create_graph=True)[0]
hvp = torch.autograd.grad(torch.dot(gx, v), x)[0]
