x = data.clone().requires_grad_()
y = x @ x
