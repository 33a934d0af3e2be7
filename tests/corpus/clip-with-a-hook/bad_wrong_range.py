# expect: grad of
y = x * w
y.register_hook(lambda g: g.clamp(-1, 1))
loss = (y ** 2).sum()
loss.backward()
