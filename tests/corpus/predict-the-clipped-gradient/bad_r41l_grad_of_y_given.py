# expect: w_grad
# gives the clamped gradient of y instead of the leaf grads
w_grad = [0.4, -0.5, -0.5]
x_grad = [0.4, -0.5, -0.5]
