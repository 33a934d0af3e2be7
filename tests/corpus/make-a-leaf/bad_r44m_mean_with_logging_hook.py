# expect: y changes with x as a sum of squares does
x = data.clone().requires_grad_()
x.register_hook(lambda g: print(g))
y = (x ** 2).mean()
y.backward()
