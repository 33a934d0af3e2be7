# expect: square
x = data.clone().requires_grad_()
y = (2 * data * x).sum() - (data ** 2).sum()
y.backward()
