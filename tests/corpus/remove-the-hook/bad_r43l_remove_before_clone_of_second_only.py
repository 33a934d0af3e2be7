# expect: clear it (`w.grad = None`) before `loss2.backward()`
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

loss2 = (w ** 3).sum()
handle.remove()
loss2.backward()          # forgot to clear w.grad
second = w.grad.clone()
