import copy

x = data.clone().requires_grad_()
x.register_hook(lambda g: print("grad", g))
snapshot = copy.deepcopy(x)   # keep a copy of the starting point
y = (x ** 2).sum()
y.backward()
print(snapshot, x.grad)
