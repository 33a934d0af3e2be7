# expect: x_grad
w_grad = [1.0, 2.0, -3.0]
x_grad = [0.5, -0.25, 1.0]
