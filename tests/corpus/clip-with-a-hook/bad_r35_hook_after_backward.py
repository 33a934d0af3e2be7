# expect: registered before backward() runs
y = x * w
loss = (y ** 2).sum()
loss.backward()
y.register_hook(lambda g: g.clamp(-0.5, 0.5))
