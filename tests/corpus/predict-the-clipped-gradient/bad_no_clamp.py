# expect: w_grad
w_grad = [0.4, 2.0, -18.0]
x_grad = [0.08, -0.25, 6.0]
