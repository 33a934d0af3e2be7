# expect: your code registered 2 hooks on `w`
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
handle = w.register_hook(lambda g: g * 100)
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
