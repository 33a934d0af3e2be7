# clamp(2y) = [0.4, -0.5, -0.5]; times x and times w
w_grad = [0.4, 1, -1.5]
x_grad = [0.08, -0.125, 0.5]
