# expect: grad_x
# scaled each row by v and kept the rows' sums
J = [[3.0, 2.0], [1.0, 1.0], [0.0, 6.0]]
v = [1.0, 2.0, -1.0]
grad_x = [v[i] * sum(J[i]) for i in range(3)]
