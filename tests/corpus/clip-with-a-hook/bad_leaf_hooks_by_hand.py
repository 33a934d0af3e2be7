# expect: replaced a gradient
# a hook on y that does nothing, and hooks on x and w that put the clipped chain rule by hand
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
dy = (2 * y).detach().clamp(-0.5, 0.5)
x.register_hook(lambda g: dy * w.detach())
w.register_hook(lambda g: dy * x.detach())
loss.backward()
