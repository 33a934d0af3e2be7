J = ((3.0, 2.0), (1.0, 1.0), (0.0, 6.0))
v = (1.0, 2.0, -1.0)
grad_x = tuple(sum(vi * row[j] for vi, row in zip(v, J)) for j in range(2))
