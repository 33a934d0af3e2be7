# expect: w_grad
# y = [0.2, -0.5, -3]; clamp y first: [0.2, -0.5, -0.5]; then dL/dy = 2y
w_grad = [0.4, 2.0, -3.0]
x_grad = [0.08, -0.25, 1.0]
