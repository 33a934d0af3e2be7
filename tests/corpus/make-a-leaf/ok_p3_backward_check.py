x = data.clone().requires_grad_()
y = (x ** 2).sum()
y.backward()          # check: the gradient should be 2 * x
