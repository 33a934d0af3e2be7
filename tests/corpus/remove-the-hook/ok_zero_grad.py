handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
handle.remove()          # the gradient is already computed
first = w.grad.clone()

w.grad.zero_()
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
