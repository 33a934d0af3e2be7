# expect: autograd did not compute them
# the 4x4 Hessian written out by hand, then multiplied
xd = x.detach()
n = xd.numel()
H = torch.diag(-torch.sin(xd) * xd.roll(1) + 6 * xd)
for i in range(n):
    H[i, (i - 1) % n] += torch.cos(xd[i])
    H[(i - 1) % n, i] += torch.cos(xd[i])
hvp = H @ v
