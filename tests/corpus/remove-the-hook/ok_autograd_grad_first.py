handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
(first,) = torch.autograd.grad(loss1, w)
handle.remove()

loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
