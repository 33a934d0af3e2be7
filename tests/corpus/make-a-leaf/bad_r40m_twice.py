# expect: It is 2 times the expected value
x = data.clone().requires_grad_()
y = 2 * (x ** 2).sum()
