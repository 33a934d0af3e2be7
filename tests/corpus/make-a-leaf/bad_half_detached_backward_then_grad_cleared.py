# expect: y changes with x as a sum of squares does
x = data.clone().requires_grad_()
y = (x * x.detach()).sum()
y.backward()
x.grad = None
