handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()   # the magnifier was for the first pass only

w.grad.zero_()
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
