w_magnified = w.view_as(w)                  # a non-leaf alias for the first pass only
w_magnified.register_hook(lambda g: g * 100)
loss1 = (w_magnified ** 2).sum()
loss1.backward()
first = w.grad.clone()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
