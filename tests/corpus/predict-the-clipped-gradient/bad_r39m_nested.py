# expect: w_grad
# both lists wrapped once more
w_grad = [[0.4, 1.0, -1.5]]
x_grad = [[0.08, -0.125, 0.5]]
