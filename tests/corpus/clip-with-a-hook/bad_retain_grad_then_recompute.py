# expect: hook
y = x * w
y.retain_grad()
loss = (y ** 2).sum()
loss.backward()
with torch.no_grad():
    dy = y.grad.clamp(-0.5, 0.5)
    x.grad = dy * w
    w.grad = dy * x
