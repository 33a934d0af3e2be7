# expect: the hook is gone
# two hooks on w; the logger's handle is removed after the first pass, the magnifier's is not
handle = w.register_hook(lambda g: g * 100)
log_handle = w.register_hook(lambda g: print("grad", g))
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
log_handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
