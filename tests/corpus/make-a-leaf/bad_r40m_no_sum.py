# expect: has shape [4], but the expected one has shape []
x = data.clone().requires_grad_()
y = x ** 2
