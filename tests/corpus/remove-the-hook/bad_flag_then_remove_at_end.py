# expect: hook
# switches the hook off with a flag for the second pass (still registered then); removed only at the very end
magnify = [True]
handle = w.register_hook(lambda g: g * 100 if magnify[0] else g)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
magnify[0] = False

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
handle.remove()
