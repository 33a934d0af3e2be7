# expect: w is still the tensor the setup made
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

w = w.detach().requires_grad_()   # a fresh leaf without the hook; the hook stays on the original
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
