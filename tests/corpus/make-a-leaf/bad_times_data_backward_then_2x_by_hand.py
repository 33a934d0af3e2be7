# expect: y changes with x as a sum of squares does
x = data.clone().requires_grad_()
y = (x * data).sum()
y.backward()
x.grad = 2 * x.detach()
