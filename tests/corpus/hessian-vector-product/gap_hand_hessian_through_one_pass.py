# expect: hvp
# Hessian by hand; the product handed to autograd as the gradient of x . c
xd = x.detach()
n = xd.numel()
H = torch.diag(-torch.sin(xd) * xd.roll(1) + 6 * xd)
for i in range(n):
    H[i, (i - 1) % n] += torch.cos(xd[i])
    H[(i - 1) % n, i] += torch.cos(xd[i])
x.grad = None
(x * (H @ v)).sum().backward()
hvp = x.grad
