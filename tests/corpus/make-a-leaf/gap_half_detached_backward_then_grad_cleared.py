# expect: square
x = data.clone().requires_grad_()
y = (x * x.detach()).sum()
y.backward()
x.grad = None
