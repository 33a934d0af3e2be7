# expect: w_grad
# stops at the clamped gradient of y
w_grad = [0.4, -0.5, -0.5]
x_grad = [0.4, -0.5, -0.5]
