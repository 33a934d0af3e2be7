# expect: hook
y = x * w
loss = (y ** 2).sum()
dy = (2 * y).detach().clamp(-0.5, 0.5)
x.grad = dy * w.detach()
w.grad = dy * x.detach()
