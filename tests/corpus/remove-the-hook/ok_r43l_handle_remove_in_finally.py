handle = w.register_hook(lambda g: g * 100)
try:
    loss1 = (w ** 2).sum()
    loss1.backward()
    first = w.grad.clone()
finally:
    handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
