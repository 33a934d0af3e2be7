# expect: hook
# the hook stays on for the second gradient; torch.func.grad does not run tensor hooks
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

second = torch.func.grad(lambda v: (v ** 3).sum())(w)
w.grad = second
second = second.clone()
handle.remove()
