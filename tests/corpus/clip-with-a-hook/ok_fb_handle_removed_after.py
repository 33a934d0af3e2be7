# ok: hook kept by its handle, backward, hook removed afterwards
y = x * w
handle = y.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
handle.remove()
