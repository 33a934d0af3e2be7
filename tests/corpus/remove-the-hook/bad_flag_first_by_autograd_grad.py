# expect: hook
# first taken by torch.autograd.grad; the hook switched off by a flag (still registered) for loss2's backward
magnify = [True]
handle = w.register_hook(lambda g: g * 100 if magnify[0] else g)
loss1 = (w ** 2).sum()
(first,) = torch.autograd.grad(loss1, w)
magnify[0] = False

loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
handle.remove()
