# expect: J
# J flattened row by row
J = [3.0, 2.0, 1.0, 1.0, 0.0, 6.0]
grad_x = [5.0, -2.0]
