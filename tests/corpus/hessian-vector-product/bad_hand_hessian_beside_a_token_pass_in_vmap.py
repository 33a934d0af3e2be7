# expect: value of hvp
# wrong: Hessian of f written by hand (float64), hvp = H @ v returned through vmap with the second pass dropped inside
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
xd = x.detach().double(); vd = v.double()
n = xd.shape[0]
r = torch.roll(torch.arange(n), 1)
H = torch.diag(-torch.sin(xd) * xd.roll(1) + 6 * xd)
for i in range(n):
    H[i, r[i]] += torch.cos(xd[i]); H[r[i], i] += torch.cos(xd[i])
hand = (H @ vd).float()
hvp = torch.func.vmap(lambda s: (torch.autograd.grad(g @ v, x, retain_graph=True), s)[1])(hand.unsqueeze(0))[0]
