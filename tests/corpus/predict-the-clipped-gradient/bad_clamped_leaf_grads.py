# expect: w_grad
w_grad = [0.4, 0.5, -0.5]
x_grad = [0.08, -0.25, 0.5]
