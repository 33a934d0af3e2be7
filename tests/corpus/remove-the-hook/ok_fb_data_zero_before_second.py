# ok: hook removed; gradient zeroed through .data before the second pass
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad.data.zero_()
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
