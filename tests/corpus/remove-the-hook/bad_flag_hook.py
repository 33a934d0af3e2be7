# expect: hook
magnify = True
handle = w.register_hook(lambda g: g * 100 if magnify else g)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
magnify = False          # the hook stays registered, it just stops scaling

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
