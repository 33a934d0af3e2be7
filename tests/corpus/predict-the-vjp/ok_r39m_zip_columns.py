J = [[3, 2], [1, 1], [0, 6]]
v = [1, 2, -1]
grad_x = [sum(vi * c for vi, c in zip(v, col)) for col in zip(*J)]
