# expect: w_grad
w_grad = [0.25, -0.125, 0.5]
x_grad = [0.5, 1.0, -1.5]
