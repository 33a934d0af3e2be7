# expect: J
# misconception: d(x1**2)/dx1 = 2 (forgot the x1); x1 = 3 tells it apart
x0, x1 = 2.0, 3.0
J = [[x1, x0], [1.0, 1.0], [0.0, 2.0]]
v = [1.0, 2.0, -1.0]
grad_x = [sum(v[i] * J[i][j] for i in range(3)) for j in range(2)]
