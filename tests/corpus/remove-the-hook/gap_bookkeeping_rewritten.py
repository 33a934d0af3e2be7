# expect: hook
# a flag turns the hook off for the second pass; the setup's record of hooks present is rewritten afterwards
on = [True]
handle = w.register_hook(lambda g: g * 100 if on[0] else g)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

on[0] = False
w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
handle.remove()
_reached[:] = [(g, 0) for g, n in _reached]
