def grad_f(p):
    (gp,) = torch.autograd.grad(f(p), p, create_graph=True)
    return gp

_, hvp = torch.autograd.functional.vjp(grad_f, x, v)
