y = x * w
y.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss = y.square().sum()
loss.backward()
