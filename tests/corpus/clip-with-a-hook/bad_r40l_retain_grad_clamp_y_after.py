# expect: registered no hooks
y = x * w
y.retain_grad()
loss = (y ** 2).sum()
loss.backward()
y.grad.clamp_(-0.5, 0.5)
