x = data.detach().clone()
x.requires_grad = True
y = sum(xi ** 2 for xi in x)
