# ok: the pass from a sum or mean of the scalar loss, loss kept as a number or a detached copy after it
y = x * w
y.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.sum().backward()
loss = loss.detach()
