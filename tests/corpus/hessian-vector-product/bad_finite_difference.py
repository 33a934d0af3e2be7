# expect: autograd did not compute them
# central difference of two gradients in float64: two reverse passes, no Hessian
eps = 1e-4
xd, vd = x.detach().double(), v.double()
xp = (xd + eps * vd).requires_grad_()
xm = (xd - eps * vd).requires_grad_()
(gp,) = torch.autograd.grad(f(xp), xp)
(gm,) = torch.autograd.grad(f(xm), xm)
hvp = ((gp - gm) / (2 * eps)).float()
