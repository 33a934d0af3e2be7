# expect: and the right one: an answer of that type fails where its value is wrong
# thought grad_x is J^T... actually used v weights on columns
J = [[3.0, 2.0], [1.0, 1.0], [0.0, 6.0]]
v = [1.0, 2.0, -1.0]
grad_x = [sum(J[i][j] * v[j] for j in range(2)) for i in range(2)]
