# A hook that only logs what reaches x (returns None): quiet or not, the gradient is the graph's own
seen = []
x = data.clone().requires_grad_()
x.register_hook(lambda g: seen.append(g.norm().item()))
y = (x ** 2).sum()
y.backward()
print(seen)
