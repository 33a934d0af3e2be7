# A logging hook on the intermediate `x ** 2` (returns None), then a backward to look
log = []
x = data.clone().requires_grad_()
sq = x ** 2
sq.register_hook(lambda g: log.append(g.sum().item()))
y = sq.sum()
y.backward()
print("grad into the squares:", log, "x.grad:", x.grad)
