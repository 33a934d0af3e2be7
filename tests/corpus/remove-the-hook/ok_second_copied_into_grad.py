# ok: the second gradient from autograd.grad, copied into w.grad
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

loss2 = (w ** 3).sum()
(g2,) = torch.autograd.grad(loss2, w)
with torch.no_grad():
    w.grad.copy_(g2)
second = w.grad.clone()
