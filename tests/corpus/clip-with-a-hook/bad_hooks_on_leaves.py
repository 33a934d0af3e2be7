# expect: grad of
y = x * w
x.register_hook(lambda g: g.clamp(-0.5, 0.5))
w.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
