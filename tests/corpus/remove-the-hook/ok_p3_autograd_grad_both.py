handle = w.register_hook(lambda g: g * 100)
first, = torch.autograd.grad((w ** 2).sum(), [w])
handle.remove()
del handle

loss2 = (w ** 3).sum()
second, = torch.autograd.grad(loss2, [w], retain_graph=True)
loss2.backward()      # w.grad too
