handle = w.register_hook(lambda g: g * 100)
(w ** 2).sum().backward()
first = w.grad.detach().clone()
handle.remove()
w.grad = None
(w ** 3).sum().backward()
second = w.grad.detach().clone()
