y = w * x
loss = (y * y).sum()
y.register_hook(lambda g: g.clip(-0.5, 0.5))
loss.backward()
