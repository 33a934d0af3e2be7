# expect: y
x = data.clone().requires_grad_()
y = x.sum() ** 2
