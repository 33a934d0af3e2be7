# expect: `w.grad` differs from the expected gradient
y = x * w
y.register_hook(lambda g: 0.5 * g / g.abs().max())
loss = (y ** 2).sum()
loss.backward()
