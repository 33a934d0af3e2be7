# expect: x_grad
w_grad = [0.4, 2.0, -3.0]
x_grad = [0.08, -0.25, 1.0]
