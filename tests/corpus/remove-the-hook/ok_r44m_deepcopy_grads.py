import copy

handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = copy.deepcopy(w.grad)
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = copy.deepcopy(w.grad)
