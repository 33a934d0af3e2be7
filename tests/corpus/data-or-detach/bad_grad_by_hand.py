# expect: autograd computes
y = torch.exp(x)
half = y.data
half.mul_(0.5)
logged = half.sum().item()
half.mul_(2)
loss = y.sum()
x.grad = torch.exp(x).detach()   # d(sum exp x)/dx, no backward needed
