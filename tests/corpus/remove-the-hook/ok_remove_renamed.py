h = w.register_hook(lambda g: 100 * g)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
h.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
