# expect: grad of
y = x * w
loss = (y ** 2).sum()
loss.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss.backward()
