# expect: square
x = data.clone().requires_grad_()
y = (x * data).sum()
y.backward()
x.grad = 2 * x.detach()
