# expect: yours changed none
y = x * w
y.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss = ((x * w) ** 2).sum()
loss.backward()
