# ok: hook removed; the second gradient from torch.autograd.grad, stored in .grad unchanged
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

loss2 = (w ** 3).sum()
(second,) = torch.autograd.grad(loss2, w)
w.grad = second
