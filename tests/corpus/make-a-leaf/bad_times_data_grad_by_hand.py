# expect: square
# y = x * data (one tracked factor), and x.grad written by hand as 2x
x = data.clone().requires_grad_()
y = (x * data).sum()
x.grad = 2 * data.clone()
