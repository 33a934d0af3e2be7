# the magnifier moved onto loss1: only the first pass goes through it
loss1 = (w ** 2).sum()
handle = loss1.register_hook(lambda g: g * 100)
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
