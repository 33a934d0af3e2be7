# expect: w is still the tensor the setup made
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

w = w.detach().clone().requires_grad_(True)   # a fresh leaf for the second pass: not the setup's w any more
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
