# expect: w_grad
w_grad = [1.0, 2.0, -18.0]
x_grad = [0.5, -0.25, 6.0]
