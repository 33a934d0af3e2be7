# expect: second
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
# gradient of loss2 by hand, left in w.grad by a trivial pass
(w * (3 * w.detach() ** 2)).sum().backward()
second = w.grad.clone()
