# expect: not left there by a backward pass
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
w.grad /= 100                     # undo the hook's factor on the gradient itself
second = w.grad.clone()
handle.remove()
