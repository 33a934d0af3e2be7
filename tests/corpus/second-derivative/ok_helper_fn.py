def d(out, wrt, **kw):
    [res] = torch.autograd.grad(out, (wrt,), **kw)
    return res

g1 = d(y, x, create_graph=True, retain_graph=True)
g2 = d(g1, x, grad_outputs=torch.ones_like(g1))
