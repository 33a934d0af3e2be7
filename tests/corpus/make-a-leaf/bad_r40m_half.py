# expect: value of y
x = data.clone().requires_grad_()
y = (x ** 2).sum() / 2
