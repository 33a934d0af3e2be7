# correct: a logging hook on x, checks it ran once for the one pass
x = data.clone().requires_grad_()
log = []
x.register_hook(lambda g: log.append(g.clone()))
y = (x ** 2).sum()
y.backward()
assert len(log) == 1, len(log)
x.grad = None
